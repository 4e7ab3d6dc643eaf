import { Writable } from 'node:stream'

import fc from 'fast-check'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'

import { productionLogOptions, requestContext, scrub } from '@/lib/log/logger'

/** A production logger writing into an array of parsed lines. */
function capture() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  return { log: pino(productionLogOptions('test'), stream), lines }
}

describe('production logs', () => {
  it('write one JSON line per event with an ISO time, the level by name, the message and the request id', () => {
    const { log, lines } = capture()
    requestContext().run({ requestId: 'req-12345678' }, () => log.info('rendered'))
    log.warn({ job: 7 }, 'job run')
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'rendered', reqId: 'req-12345678', name: 'test' })
    expect(new Date(lines[0]!.time as string).toISOString()).toBe(lines[0]!.time)
    expect(lines[1]).toMatchObject({ level: 'warn', msg: 'job run', job: 7 })
    expect(lines[1]).not.toHaveProperty('reqId')
  })

  it('keep no e-mail address, URL password, bearer token or secret field, in messages, objects or errors', () => {
    const { log, lines } = capture()
    log.warn('Mail to visitor@mail.example not sent now; queued for retry')
    log.error({ err: new Error('connect to postgres://vpnkeys:hunter2@db:5432/vpnkeys failed for owner@mail.example') }, 'query failed')
    log.info({ user: { email: 'a@b.example', password: 'pw-123456' }, note: 'Authorization: Bearer abcdef123456' }, 'detail')
    const written = JSON.stringify(lines)
    for (const secret of ['visitor@mail.example', 'hunter2', 'owner@mail.example', 'a@b.example', 'pw-123456', 'abcdef123456']) expect(written).not.toContain(secret)
    expect((lines[1]!.err as { message: string }).message).toBe('connect to postgres://[redacted]@db:5432/vpnkeys failed for [email]')
    expect((lines[1]!.err as { stack: string }).stack).toContain('Error: connect to postgres://[redacted]@db')
  })

  it('mask any e-mail address a message carries, wherever it sits', () => {
    const local = fc.stringMatching(/^[a-z0-9][a-z0-9.+_-]{0,20}$/)
    const domain = fc.stringMatching(/^[a-z0-9-]{1,15}(\.[a-z0-9-]{1,10}){1,3}$/)
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), local, domain, fc.string({ maxLength: 60 }), (before, name, host, after) => {
        const address = `${name}@${host}`
        expect(scrub(`${before} ${address} ${after}`)).not.toContain(address)
      }),
    )
  })
})
