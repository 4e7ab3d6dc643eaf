// What the Bot API refuses for good, apart from what fails for a while.
import { GrammyError } from 'grammy'

/**
 * Whether the Bot API refused a call for good: a bad request (a message not modified, a button pressed too long
 * ago) or a user who blocked the bot. Sent again, it would be refused again; only other failures (the network,
 * Telegram's own errors, too many requests) are worth another try.
 */
export function refusedForGood(error: unknown): boolean {
  return error instanceof GrammyError && (error.error_code === 400 || error.error_code === 403)
}
