// Every e-mail the site sends comes from the site's name as editors set it (Site settings, the default language's),
// at the configured address (EMAIL_FROM), not from a name fixed in the code: an adapter around Payload's e-mail adapter.
import type { EmailAdapter } from 'payload'

import { defaultLocale } from '@/i18n/locales'

export async function fromSiteName<T>(adapter: EmailAdapter<T> | Promise<EmailAdapter<T>>): Promise<EmailAdapter<T>> {
  const resolved = await adapter
  return (args) => {
    const initialized = resolved(args)
    return {
      ...initialized,
      sendEmail: async (message) => {
        if (message.from) return initialized.sendEmail(message)
        const settings = await args.payload.findGlobal({ slug: 'site-settings', locale: defaultLocale, depth: 0, select: { siteName: true } }).catch(() => null)
        const name = settings?.siteName?.trim() || initialized.defaultFromName
        return initialized.sendEmail({ ...message, from: { name, address: initialized.defaultFromAddress } })
      },
    }
  }
}
