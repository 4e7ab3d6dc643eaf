// Turning auto-renewal off on My subscription: the one-time discount offered first while the subscriber has not
// used it, else the plain question with the date access stays until.
import { getTranslations } from 'next-intl/server'

import { Link } from '@/i18n/Link'
import type { Locale } from '@/i18n/locales'
import { formatRubles } from '@/lib/billing/rules/pricing'
import { discounted } from '@/lib/billing/rules/renewalPlan'

type Props = { locale: Locale; discount: { percent: number; priceKopecks: number | null } | null; until: string }

export async function CancelDialog({ locale, discount, until }: Props) {
  const t = await getTranslations({ locale, namespace: 'Subscription' })
  return (
    <div className="overlay">
      <form method="post" action="/api/billing/renewal" role="dialog" aria-modal="true" aria-labelledby="renewal-title" className="dialog">
        <input type="hidden" name="locale" value={locale} />
        {discount ? (
          <>
            <h3 id="renewal-title">{t('offerTitle', { percent: discount.percent })}</h3>
            <p>{t('offerText', { percent: discount.percent })}</p>
            {discount.priceKopecks ? (
              <p data-testid="offer-amount">
                {t('offerAmount', { amount: formatRubles(discounted(discount.priceKopecks, discount.percent), locale), price: formatRubles(discount.priceKopecks, locale) })}
              </p>
            ) : null}
            <button type="submit" name="choice" value="discount" className="button button--primary">
              {t('acceptDiscount')}
            </button>{' '}
            <button type="submit" name="choice" value="cancel" className="button">
              {t('refuse')}
            </button>
          </>
        ) : (
          <>
            <h3 id="renewal-title">{t('confirmTitle')}</h3>
            <p>{t('confirmText', { date: until })}</p>
            <button type="submit" name="choice" value="cancel" className="button button--primary">
              {t('confirmYes')}
            </button>{' '}
            <Link href="/profile/subscription" prefetch={false} className="button">
              {t('keep')}
            </Link>
          </>
        )}
      </form>
    </div>
  )
}
