// Sends an e-mail link for login, registration or a purchase. The answer and the work done are the same whether
// or not the address has an account, so no form can be used to find out who is registered.
import type { Payload } from 'payload'

import type { Locale } from '@/i18n/locales'
import { siteUrl } from '@/lib/http/siteUrl'
import type { MailKind } from '@/lib/mail/templates'
import { renderLinkMail } from '@/lib/mail/templates'

import { issueToken } from './tokens'
import type { TokenPurpose } from './tokens'

/** `purchase`: a buyer not signed in as the address they pay with; its confirmation opens the checkout (billing/checkout). */
export type LinkPurpose = 'login' | 'register' | 'purchase'

/** What a link e-mail is made from: everything but the link's secret, which is issued when the mail is sent. */
export type LinkMailRequest = {
  email: string
  purpose: LinkPurpose
  locale: Locale
  next: string | null
  /** The site's origin the form was sent from (a mirror's, or SERVER_URL's): the link opens there, where the session is. */
  origin: string
}

/** `queued`: the mail server did not take it now; it goes out with a fresh link once it does. */
export type LinkResult = { ok: true; queued: boolean } | { ok: false; error: 'mailFailed' }

/** The link e-mail with a newly issued link (older unused links of the same purpose stop working). */
export async function composeLinkMail(payload: Payload, { email, purpose, locale, next, origin }: LinkMailRequest) {
  const found = await payload.find({ collection: 'users', where: { email: { equals: email } }, limit: 1, depth: 0 })
  const user = found.docs[0]
  // An existing account always gets a login link; a new address always gets a registration link; a purchase link is
  // the same for both (its confirmation signs in only an existing account).
  const tokenPurpose: TokenPurpose = purpose === 'purchase' ? 'purchase' : user ? 'login' : 'register'
  const kind: MailKind = purpose === 'purchase' ? 'purchase' : user ? 'login' : purpose === 'login' ? 'registerFromLogin' : 'register'
  const token = await issueToken(payload, { purpose: tokenPurpose, email, locale, userId: user?.id, next })
  const settings = await payload.findGlobal({ slug: 'site-settings', locale, depth: 0 })
  // One of the site's own origins (siteHosts.ts), never a Host header as the request wrote it.
  const link = siteUrl(`/verify-email/${token}`, locale, undefined, origin)
  return renderLinkMail({ kind, locale, siteName: settings.siteName, link })
}

/**
 * Sends the link now, or, when the mail server does not take it, queues the request (never the link): the job makes
 * a fresh link when it finally sends, so a link delivered after an outage still has its whole 15 minutes.
 */
export async function sendLinkEmail(payload: Payload, request: LinkMailRequest): Promise<LinkResult> {
  const mail = await composeLinkMail(payload, request)
  try {
    await payload.sendEmail({ to: request.email, subject: mail.subject, html: mail.html, text: mail.text })
    return { ok: true, queued: false }
  } catch (error) {
    payload.logger.warn({ err: error, msg: `Link mail to ${request.email} not sent now; queued to be sent with a fresh link` })
  }
  try {
    await payload.jobs.queue({ task: 'sendLinkEmail', input: request })
    return { ok: true, queued: true }
  } catch (error) {
    payload.logger.error({ err: error, msg: `Link mail to ${request.email} could not be queued` })
    return { ok: false, error: 'mailFailed' }
  }
}
