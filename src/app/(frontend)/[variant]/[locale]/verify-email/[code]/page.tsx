// The page an e-mailed link opens. Opening it changes nothing (mail scanners open links too);
// the button posts the code, and only that signs in. Outdated or used links lead to the 401 screen.
import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { notFound, redirect } from 'next/navigation'

import { isLocale } from '@/i18n/locales'
import { peekToken } from '@/lib/auth/tokens'
import { payloadClient } from '@/edge/payload'
import { localizedPath } from '@/lib/routing/localizedPath'

// Token state changes with every click: never cache this page.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = { robots: { index: false, follow: false }, referrer: 'no-referrer' }

/** What the button confirms, in the link's own words: signing in, creating the account, a new address, a restore, a purchase. */
const TEXTS = {
  login: { title: 'confirmTitle', text: 'confirmText', button: 'confirmButton' },
  register: { title: 'registerConfirmTitle', text: 'registerConfirmText', button: 'registerConfirmButton' },
  'change-email': { title: 'emailChangeConfirmTitle', text: 'emailChangeConfirmText', button: 'emailChangeConfirmButton' },
  restore: { title: 'restoreTitle', text: 'restoreText', button: 'restoreButton' },
  activation: { title: 'activationTitle', text: 'activationText', button: 'activationButton' },
  // The same words whatever the address has: the confirmation tells what applies.
  purchase: { title: 'purchaseTitle', text: 'purchaseText', button: 'purchaseButton' },
} as const

export default async function VerifyEmailPage({ params }: { params: Promise<{ locale: string; code: string }> }) {
  const { locale, code } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  const payload = await payloadClient()
  const token = await peekToken(payload, code)
  // The 401 screen with its status lives on a cached page (see ServerUnauthorized).
  if (!token) redirect(localizedPath('/link-expired', locale))
  const t = await getTranslations({ locale, namespace: 'Auth' })
  const owner = token.purpose === 'change-email' || token.purpose === 'purchase' ? null : await payload.find({ collection: 'users', where: { email: { equals: token.email } }, limit: 1, depth: 0 })
  const isRestore = Boolean(owner?.docs[0]?.deletionRequestedAt)
  const text = isRestore ? TEXTS.restore : TEXTS[token.purpose]
  return (
    <section className="narrow auth">
      {/* Not page metadata: an expired link shows the error screen, with its own title, instead. */}
      <title>{t(text.title)}</title>
      <h1>{t(text.title)}</h1>
      <p>{t(text.text, { email: token.newEmail ?? token.email })}</p>
      <form action="/api/auth/confirm" method="post">
        <input type="hidden" name="code" value={code} />
        <input type="hidden" name="locale" value={locale} />
        <button type="submit" className="button button--primary" data-testid="confirm-link">
          {t(text.button)}
        </button>
      </form>
    </section>
  )
}
