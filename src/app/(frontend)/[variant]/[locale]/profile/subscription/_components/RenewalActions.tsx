// The line of actions under My subscription's status: buy again, what a gift or a one-time purchase pays for,
// the payment needed after unlinking the saved method, turning renewal back on, or the way to turn it off.
import { getTranslations } from 'next-intl/server'

import { Link } from '@/i18n/Link'
import type { Locale } from '@/i18n/locales'
import type { RenewalAction } from '@/lib/billing/subscriptionView'

export async function RenewalActions({ locale, action, until }: { locale: Locale; action: RenewalAction; until: string }) {
  const t = await getTranslations({ locale, namespace: 'Subscription' })
  switch (action) {
    case 'subscribeAgain':
      return (
        <Link href="/tariffs" prefetch={false} className="button button--primary">
          {t('subscribeAgain')}
        </Link>
      )
    case 'giftOnce':
      return (
        <span className="status-note" data-testid="gift-once">
          {t('giftPaidUntil', { date: until })}
        </span>
      )
    case 'starsOnce':
      return (
        <span className="status-note" data-testid="stars-once">
          {t('starsPaidUntil', { date: until })}
        </span>
      )
    case 'afterUnlink':
      return (
        <span className="status-note" data-testid="after-unlink">
          {t('afterUnlink', { date: until })}
        </span>
      )
    case 'resume':
      return (
        <form method="post" action="/api/billing/renewal" className="inline-form">
          <input type="hidden" name="locale" value={locale} />
          <button type="submit" name="choice" value="resume" className="button button--primary">
            {t('extend')}
          </button>
        </form>
      )
    case 'cancel':
      return (
        <>
          <span className="status-note">{t('renewsAutomatically')}</span>{' '}
          <Link href="/profile/subscription?cancel=1" prefetch={false} className="button">
            {t('cancelRenewal')}
          </Link>
        </>
      )
  }
}
