// The token this server's background jobs show its internal revalidation route, derived from its secret.
import { createHmac, timingSafeEqual } from 'node:crypto'

export const REVALIDATE_TOKEN_HEADER = 'x-revalidate-token'

export function revalidateToken(secret: string | undefined): string {
  return createHmac('sha256', secret ?? 'development-secret').update('revalidate-public-data').digest('base64url')
}

export function isRevalidateToken(value: string | null, secret: string | undefined): boolean {
  if (!value) return false
  const expected = Buffer.from(revalidateToken(secret))
  const given = Buffer.from(value)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
