// A probe's token: shown once when an admin issues it, stored as its SHA-256 (a leaked database names no probe's
// token), sent by the probe as `Authorization: Bearer vkp_…`.
import { createHash, randomBytes } from 'node:crypto'

const PREFIX = 'vkp_'
const TOKEN = /^vkp_[A-Za-z0-9_-]{43}$/

/** A new token (256 random bits) and the hash the database keeps of it. */
export function newProbeToken(): { token: string; hash: string } {
  const token = `${PREFIX}${randomBytes(32).toString('base64url')}`
  return { token, hash: probeTokenHash(token) }
}

export function probeTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The token an `Authorization` header carries, or null when it carries none of ours. */
export function bearerProbeToken(authorization: string | null): string | null {
  if (!authorization || authorization.length > 200) return null
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim())
  return match && TOKEN.test(match[1]!) ? match[1]! : null
}
