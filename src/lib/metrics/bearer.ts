// The metrics endpoint's one credential: `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (text: string) => createHash('sha256').update(text).digest()

export function isBearer(authorization: string | null, token: string): boolean {
  const match = /^Bearer ([^\s]+)$/i.exec(authorization?.trim() ?? '')
  return match !== null && timingSafeEqual(digest(match[1] ?? ''), digest(token))
}
