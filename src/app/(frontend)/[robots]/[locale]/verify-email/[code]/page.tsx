// The page an e-mailed link opens. Opening it changes nothing (mail scanners open links too);
// the button posts the code, and only that signs in. Outdated or used links show the 401 screen.
import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { notFound } from 'next/navigation'

import { TokenExpiredScreen } from '@/components/errors/TokenExpiredScreen'
import { isLocale } from '@/i18n/locales'
import { peekToken } from '@/lib/auth/tokens'
import { payloadClient } from '@/lib/data/payload'

// Token state changes with every click: never cache this page.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = { robots: { index: false, follow: false }, referrer: 'no-referrer' }

export default async function VerifyEmailPage({ params }: { params: Promise<{ locale: string; code: string }> }) {
  const { locale, code } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  const payload = await payloadClient()
  const token = await peekToken(payload, code)
  if (!token) return <TokenExpiredScreen locale={locale} />
  const t = await getTranslations({ locale, namespace: 'Auth' })
  const owner = token.purpose === 'change-email' ? null : await payload.find({ collection: 'users', where: { email: { equals: token.email } }, limit: 1, depth: 0 })
  const isRestore = Boolean(owner?.docs[0]?.deletionRequestedAt)
  return (
    <section className="narrow auth">
      {/* Not page metadata: an expired link shows the error screen, with its own title, instead. */}
      <title>{isRestore ? t('restoreTitle') : t('confirmTitle')}</title>
      <h1>{isRestore ? t('restoreTitle') : t('confirmTitle')}</h1>
      <p>{isRestore ? t('restoreText') : t('confirmText')}</p>
      <form action="/api/auth/confirm" method="post">
        <input type="hidden" name="code" value={code} />
        <input type="hidden" name="locale" value={locale} />
        <button type="submit" className="button button--primary" data-testid="confirm-link">
          {isRestore ? t('restoreButton') : t('confirmButton')}
        </button>
      </form>
    </section>
  )
}
