// Sends an e-mail link for login, registration or a purchase. The answer and the work done are the same whether
// or not the address has an account, so no form can be used to find out who is registered.
import type { Payload } from 'payload'

import type { Locale } from '@/i18n/locales'
import { siteUrl } from '@/lib/http/siteUrl'
import { deliverMail } from '@/lib/mail/deliver'
import type { MailKind } from '@/lib/mail/templates'
import { renderLinkMail } from '@/lib/mail/templates'

import { issueToken } from './tokens'
import type { TokenPurpose } from './tokens'

/** `purchase`: a buyer not signed in as the address they pay with; its confirmation opens the checkout (billing/checkout). */
export type LinkPurpose = 'login' | 'register' | 'purchase'

type Input = {
  email: string
  purpose: LinkPurpose
  locale: Locale
  next: string | null
  /** The site's origin the form was sent from (a mirror's, or SERVER_URL's): the link opens there, where the session is. */
  origin: string
}

export type LinkResult = { ok: true } | { ok: false; error: 'mailFailed' }

export async function sendLinkEmail(payload: Payload, { email, purpose, locale, next, origin }: Input): Promise<LinkResult> {
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
  const mail = renderLinkMail({ kind, locale, siteName: settings.siteName, link })
  // Queued for retry when the mail server is down; only a failure to queue reaches the visitor.
  const delivery = await deliverMail(payload, email, mail)
  return delivery === 'failed' ? { ok: false, error: 'mailFailed' } : { ok: true }
}
