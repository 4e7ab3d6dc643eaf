// Every e-mail the site sends comes from the site's name as editors set it (Site settings, the default language's),
// at the configured address (EMAIL_FROM), not from a name fixed in the code.
import type { EmailAdapter } from 'payload'

import { defaultLocale } from '@/i18n/locales'

import { aroundSendEmail } from './adapter'

export function fromSiteName<T>(adapter: EmailAdapter<T> | Promise<EmailAdapter<T>>): Promise<EmailAdapter<T>> {
  return aroundSendEmail(adapter, async (message, send, { payload, adapter: initialized }) => {
    if (message.from) return send(message)
    const settings = await payload.findGlobal({ slug: 'site-settings', locale: defaultLocale, depth: 0, select: { siteName: true } }).catch(() => null)
    return send({ ...message, from: { name: settings?.siteName?.trim() || initialized.defaultFromName, address: initialized.defaultFromAddress } })
  })
}
