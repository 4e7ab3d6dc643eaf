// Accounts made from an e-mail address alone: by the e-mail link of a registration, or by a payment from someone
// who was not signed in. One way to find them and one way to make them.
import type { Payload, PayloadRequest } from 'payload'

import type { Locale } from '@/i18n/locales'
import type { User } from '@/payload-types'

import { unusablePassword } from './session'

/** The account of an address (compared as stored: trimmed, lower case), or null. */
export async function accountByEmail(payload: Payload, email: string, req?: PayloadRequest): Promise<User | null> {
  const found = await payload.find({ collection: 'users', where: { email: { equals: email.trim().toLowerCase() } }, limit: 1, depth: 0, req })
  return found.docs[0] ?? null
}

/**
 * A customer account for an address, without a password (they sign in by e-mail link). `verified`: the address was
 * proven by opening a link sent to it; a payment alone does not prove it.
 */
export function createCustomer(payload: Payload, { email, locale, verified }: { email: string; locale: Locale; verified: boolean }, req?: PayloadRequest): Promise<User> {
  return payload.create({
    collection: 'users',
    data: { email: email.trim().toLowerCase(), password: unusablePassword(), role: 'customer', locale, emailVerified: verified },
    depth: 0,
    req,
  })
}
