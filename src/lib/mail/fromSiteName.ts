// Every e-mail the site sends comes from the site's name as editors set it (Site settings, the default language's),
// at the configured address (EMAIL_FROM), not from a name fixed in the code; none goes to a placeholder address.
import type { EmailAdapter } from 'payload'

import { defaultLocale } from '@/i18n/locales'
import { isPlaceholderEmail } from '@/lib/auth/telegramAccounts'

import { aroundSendEmail } from './adapter'

/** The plain addresses of a message's `to`, however nodemailer's forms nest them. */
function addresses(to: unknown): string[] {
  if (typeof to === 'string') return [to]
  if (Array.isArray(to)) return to.flatMap(addresses)
  return to && typeof to === 'object' && 'address' in to && typeof to.address === 'string' ? [to.address] : []
}

export function fromSiteName<T>(adapter: EmailAdapter<T> | Promise<EmailAdapter<T>>): Promise<EmailAdapter<T>> {
  return aroundSendEmail(adapter, async (message, send, { payload, adapter: initialized }) => {
    // A Telegram-only account's placeholder address receives nothing (its owner hears from the bot): the message
    // counts as delivered, so nothing queues it again.
    const recipients = addresses(message.to)
    if (recipients.length > 0 && recipients.every((to) => isPlaceholderEmail(to))) return undefined as T
    if (message.from) return send(message)
    const settings = await payload.findGlobal({ slug: 'site-settings', locale: defaultLocale, depth: 0, select: { siteName: true } }).catch(() => null)
    return send({ ...message, from: { name: settings?.siteName?.trim() || initialized.defaultFromName, address: initialized.defaultFromAddress } })
  })
}
