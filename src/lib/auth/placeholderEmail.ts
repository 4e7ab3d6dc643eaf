// A Telegram-only account's address (./telegramAccounts.ts): Payload's accounts need one, so theirs is a placeholder
// on the reserved `.invalid` domain (RFC 2606) that no page shows and no mail goes to. Here without server code, for
// the browser's side too (the purchase form never fills it in).
export const TELEGRAM_EMAIL_DOMAIN = 'telegram.invalid'

export function telegramPlaceholderEmail(telegramId: number): string {
  return `tg${telegramId}@${TELEGRAM_EMAIL_DOMAIN}`
}

/** Whether an address is a Telegram-only account's placeholder: no mail goes there, no page shows it. */
export function isPlaceholderEmail(email: string | null | undefined): boolean {
  return typeof email === 'string' && email.toLowerCase().endsWith(`@${TELEGRAM_EMAIL_DOMAIN}`)
}
