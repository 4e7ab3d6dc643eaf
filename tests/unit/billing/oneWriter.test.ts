// A subscription's state (status and dates: lifecycle.ts's SubscriptionState) has one writer, applyChange in
// src/lib/billing/record/subscriptionRecord.ts: no other code writes it, and no one can as a field edit.
import { readFileSync } from 'node:fs'
import path from 'node:path'

import type { Field } from 'payload'
import { describe, expect, it } from 'vitest'

import { Subscriptions } from '../../../collections/Subscriptions'
import type { SubscriptionState } from '@/lib/billing/rules/lifecycle'

import { projectRoot, sourceFiles } from '../../helpers/sourceFiles'

const STATE_FIELDS = ['status', 'trialEndsAt', 'currentPeriodEnd', 'nextPaymentAt', 'cancelAtPeriodEnd'] as const satisfies readonly (keyof SubscriptionState)[]
const WRITER = 'src/lib/billing/record/subscriptionRecord.ts'

/** Each `payload.update|create({ collection: 'subscriptions', … })` call in the project: its file and its text. */
function subscriptionWrites(): { file: string; call: string }[] {
  return sourceFiles().flatMap((file) => {
    const text = readFileSync(file, 'utf8')
    return [...text.matchAll(/\.(update|create)\(\{\s*collection: 'subscriptions'/g)].map((match) => {
      // The call's own text: up to the parenthesis that closes it.
      let depth = 0
      let end = match.index + match[0].indexOf('(')
      do {
        if (text[end] === '(') depth += 1
        else if (text[end] === ')') depth -= 1
        end += 1
      } while (depth > 0 && end < text.length)
      return { file: path.relative(projectRoot, file), call: text.slice(match.index, end) }
    })
  })
}

function flatFields(fields: Field[]): Field[] {
  return fields.flatMap((field) => ('fields' in field && field.type !== 'group' ? flatFields(field.fields) : [field]))
}

describe('a subscription’s state', () => {
  it('is written by applyChange only: other writes of a subscription leave status and dates alone', () => {
    const writes = subscriptionWrites()
    expect(writes.filter((write) => write.file === WRITER).length).toBeGreaterThan(0)
    const others = writes.filter((write) => write.file !== WRITER)
    // The account's e-mail in the title, and the anonymization of a purged account's payments.
    expect(others.length).toBeGreaterThan(0)
    for (const { file, call } of others) {
      for (const name of STATE_FIELDS) expect(call, `${file}: ${call}`).not.toMatch(new RegExp(`\\b${name}\\b`))
      expect(call, file).not.toMatch(/\.\.\.(next|state)\b/)
    }
  })

  it('is no field anyone edits, through the admin, REST or GraphQL', () => {
    const fields = flatFields(Subscriptions.fields)
    for (const name of STATE_FIELDS) {
      const field = fields.find((candidate) => 'name' in candidate && candidate.name === name)
      expect(field, name).toBeDefined()
      const update = field && 'access' in field ? field.access?.update : undefined
      expect(update, name).toBeTypeOf('function')
      expect(update!({ req: { user: { id: 1, role: 'admin', collection: 'users' } } } as never), name).toBe(false)
    }
  })
})
