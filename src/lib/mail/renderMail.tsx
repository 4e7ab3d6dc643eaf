// An e-mail as it is sent: its subject, the HTML of the one layout (./MailLayout.tsx) and the plain text the caller
// wrote from the same words.
import { render } from '@react-email/components'

import type { Locale } from '@/i18n/locales'

import { MailLayout } from './MailLayout'
import type { MailBody } from './MailLayout'

export type RenderedMail = { subject: string; html: string; text: string }

export async function renderMail({ locale, siteName, subject, body, text }: { locale: Locale; siteName: string; subject: string; body: MailBody; text: string }): Promise<RenderedMail> {
  return { subject, html: await render(<MailLayout locale={locale} siteName={siteName} subject={subject} body={body} />), text }
}
