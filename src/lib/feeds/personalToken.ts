// The token of a personal subscription URL: an HMAC of the user and their per-user secret under the server secret.
// Pure, so the bench can make the URLs of the subscribers it adds.
import { createHmac } from 'node:crypto'

export function feedToken(serverSecret: string, userId: number, nonce: string): string {
  return createHmac('sha256', serverSecret).update(`subscription-url:${userId}:${nonce}`).digest('base64url')
}
