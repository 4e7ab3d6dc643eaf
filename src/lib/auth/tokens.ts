// One-time e-mail link tokens: 32 random bytes, stored only as a SHA-256 hash, short-lived,
// single use (consumed by one atomic UPDATE), and a newer link for the same purpose voids older ones.
import { createHash, randomBytes } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import type { Locale } from '@/i18n/locales'
import type { AuthToken } from '@/payload-types'

/** Long enough to reach a phone's mailbox, short enough that a forwarded or leaked link soon dies. */
export const TOKEN_TTL_MS = 15 * 60 * 1000
/**
 * The sign-in link in the e-mail that confirms a purchase: a buyer often reads it later than a login link they
 * just asked for, so it lives a day; it is still single use, hashed and behind the confirm button.
 */
export const ACTIVATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000

function lifetimeMs(purpose: TokenPurpose): number {
  return purpose === 'activation' ? ACTIVATION_TOKEN_TTL_MS : TOKEN_TTL_MS
}

export type TokenPurpose = AuthToken['purpose']

export type ConsumedToken = {
  purpose: TokenPurpose
  email: string
  userId: number | null
  newEmail: string | null
  locale: Locale
  next: string | null
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Tokens travel in URLs: base64url keeps them short and safe there. */
export function isTokenShaped(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value)
}

type IssueInput = {
  purpose: TokenPurpose
  email: string
  locale: Locale
  userId?: number
  newEmail?: string
  next?: string | null
  now?: Date
  /** The transaction to issue it in (a webhook's), so a rolled-back event leaves no link behind. */
  req?: PayloadRequest
}

export async function issueToken(payload: Payload, input: IssueInput): Promise<string> {
  const now = input.now ?? new Date()
  await payload.update({
    collection: 'auth-tokens',
    where: {
      and: [{ email: { equals: input.email } }, { purpose: { equals: input.purpose } }, { usedAt: { exists: false } }],
    },
    data: { usedAt: now.toISOString() },
    depth: 0,
    req: input.req,
  })
  const token = randomBytes(32).toString('base64url')
  await payload.create({
    collection: 'auth-tokens',
    depth: 0,
    req: input.req,
    data: {
      tokenHash: hashToken(token),
      purpose: input.purpose,
      email: input.email,
      user: input.userId ?? null,
      newEmail: input.newEmail ?? null,
      locale: input.locale,
      next: input.next ?? null,
      expiresAt: new Date(now.getTime() + lifetimeMs(input.purpose)).toISOString(),
    },
  })
  return token
}

type TokenRow = { purpose: TokenPurpose; email: string; user_id: number | null; new_email: string | null; locale: Locale | null; next: string | null }

/** What the e-mail links are for: the link page's confirm button consumes these, and no other. */
export const EMAIL_LINK_PURPOSES = ['register', 'login', 'change-email', 'activation', 'purchase'] as const satisfies readonly TokenPurpose[]
export type EmailLinkPurpose = (typeof EMAIL_LINK_PURPOSES)[number]

/**
 * Marks the token used and returns what it was for; null when unknown, used, expired or for another purpose than
 * `purposes` (a Telegram link is no e-mail sign-in link). Two racing calls get one result.
 */
export async function consumeToken(
  payload: Payload,
  token: string,
  purposes: readonly TokenPurpose[] = EMAIL_LINK_PURPOSES,
  now: Date = new Date(),
): Promise<ConsumedToken | null> {
  if (!isTokenShaped(token)) return null
  const result = await payload.db.drizzle.execute(sql`
    UPDATE "auth_tokens" SET "used_at" = ${now.toISOString()}, "updated_at" = ${now.toISOString()}
    WHERE "token_hash" = ${hashToken(token)} AND "used_at" IS NULL AND "expires_at" > ${now.toISOString()}
      AND "purpose" IN (${sql.join(purposes.map((purpose) => sql`${purpose}`), sql`, `)})
    RETURNING "purpose", "email", "user_id", "new_email", "locale", "next"`)
  const row = result.rows[0] as TokenRow | undefined
  if (!row) return null
  return {
    purpose: row.purpose,
    email: row.email,
    userId: row.user_id,
    newEmail: row.new_email,
    locale: row.locale ?? 'ru',
    next: row.next,
  }
}

/** An e-mail link's token that could still be confirmed, read without using it up (for the GET page); null otherwise. */
export async function peekToken(payload: Payload, token: string, now: Date = new Date()): Promise<(Pick<AuthToken, 'email' | 'newEmail'> & { purpose: EmailLinkPurpose }) | null> {
  if (!isTokenShaped(token)) return null
  const found = await payload.find({
    collection: 'auth-tokens',
    limit: 1,
    depth: 0,
    select: { purpose: true, email: true, newEmail: true },
    where: {
      and: [
        { tokenHash: { equals: hashToken(token) } },
        { purpose: { in: [...EMAIL_LINK_PURPOSES] } },
        { usedAt: { exists: false } },
        { expiresAt: { greater_than: now.toISOString() } },
      ],
    },
  })
  const doc = found.docs[0]
  return doc ? { ...doc, purpose: doc.purpose as EmailLinkPurpose } : null
}
