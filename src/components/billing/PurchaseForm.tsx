// The purchase form: e-mail (the shared rule) and plan. In the browser (src/islands/tariffs.ts) a valid form is posted
// natively, so the whole window goes to the payment page; an invalid one stays with a message. What was typed comes
// back after a server-side refusal, and a signed-in user's e-mail is filled in. A Telegram-only account (no address of
// its own) is not asked for one unless the payment's receipt needs it, and is told the subscription will be its own.
// The page is one cached copy for everyone: served as a first visit sees it, the shortest plan chosen.
import { useLocale, useTranslations } from 'next-intl'

import type { Locale } from '@/i18n/locales'
import { purchaseAnswerClass } from '@/lib/browser/purchaseForm'
import { localizedPath } from '@/lib/routing/localizedPath'

/**
 * `price`: the plan's full price, formatted (the button names it when the trial is not the buyer's); `submit`: the
 * button's text for this plan; `terms` / `termsFull`: what is paid today and what auto-renewal charges, from when and
 * how often (src/lib/billing/rules/terms.ts), with the trial and, once the buyer has had it, at the full price.
 */
type Plan = { id: number; label: string; price: string; submit: string; terms: string; termsFull: string; starsButton: string | null; starsTerms: string | null }

/**
 * Paying in Telegram Stars inside the Mini App (src/islands/miniAppStars.ts): whether the site's form stays beside
 * it (the operator's TELEGRAM_BOT_SITE_CHECKOUT), where a paid buyer goes, and the answers' texts.
 */
export type StarsCheckout = {
  siteCheckout: boolean
  paidPath: string
  texts: { failed: string; unavailable: string; notOnSale: string; alreadyVip: string; tooFast: string; noStars: string }
}

type Props = {
  plans: Plan[]
  enabled: boolean
  /** The agreement to automatic charges the buyer ticks, where the site charges renewals itself (YooKassa); else null. */
  consentLabel: string | null
  /** Whether a Telegram-only buyer types an address: for the 54-FZ receipt (YooKassa with receipts on). */
  receiptEmail: boolean
  /** Plans in Stars inside the Mini App, where the site's bot sells some; else null. */
  stars: StarsCheckout | null
}

export function PurchaseForm({ plans, enabled, consentLabel, receiptEmail, stars }: Props) {
  const t = useTranslations('Tariffs')
  const locale = useLocale() as Locale
  // The shortest plan: the button's trial fee never hides a year's price behind it.
  const chosen = plans[0]
  const error = enabled ? null : 'unavailable'

  return (
    <form action="/api/billing/checkout" method="post" noValidate className="purchase" id="buy" data-purchase="" data-receipt-email={String(receiptEmail)}>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="attempt" defaultValue="" />
      <fieldset className="purchase__plans">
        <legend>{t('plan')}</legend>
        {plans.map((item) => (
          <label key={item.id} className="purchase__plan">
            <input
              type="radio"
              name="plan"
              value={item.id}
              defaultChecked={item.id === chosen?.id}
              // The button's texts for this plan, for the islands.
              data-submit={item.submit}
              data-submit-full={t('submitFull', { price: item.price })}
              data-terms={item.terms}
              data-terms-full={item.termsFull}
              data-stars-button={item.starsButton ?? ''}
              data-stars-terms={item.starsTerms ?? stars?.texts.noStars ?? ''}
            />
            {item.label}
          </label>
        ))}
      </fieldset>
      {stars ? (
        <div
          className="purchase__stars"
          data-stars=""
          data-site-checkout={String(stars.siteCheckout)}
          data-paid-path={stars.paidPath}
          data-failed={stars.texts.failed}
          data-unavailable={stars.texts.unavailable}
          data-not-on-sale={stars.texts.notOnSale}
          data-already-vip={stars.texts.alreadyVip}
          data-too-fast={stars.texts.tooFast}
        >
          <button type="button" className="button button--primary" />
          <p className="purchase__terms" data-stars-terms="" />
          <p className="auth__error" role="alert" data-stars-error="" />
        </div>
      ) : null}
      <label className="field" data-site-pay="">
        <span>{t('email')}</span>
        <input type="email" name="email" autoComplete="email" inputMode="email" required maxLength={254} aria-invalid={false} aria-describedby="purchase-error" />
      </label>
      <p id="purchase-telegram" className="status-note" hidden data-site-pay="">
        {receiptEmail ? t('telegramReceiptEmail') : t('telegramBuyer')}
      </p>
      {consentLabel ? (
        <label className="purchase__consent" data-site-pay="">
          <input type="checkbox" name="consent" required aria-invalid={false} aria-describedby="purchase-error" /> {consentLabel}
        </label>
      ) : null}
      {/* Not only the site's checkout's: a code gives its price in Stars too (the Mini App). */}
      <div className="purchase__promo">
        <label className="field">
          <span>{t('promoLabel')}</span>
          <input type="text" name="promo" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={40} defaultValue="" aria-invalid={false} aria-describedby="promo-status" />
        </label>
        <button type="button" className="button" data-promo-apply="">
          {t('promoApply')}
        </button>
        <p id="promo-status" role="status" className="status-note" data-testid="promo-status" />
      </div>
      <p id="purchase-error" role="alert" className={purchaseAnswerClass(error)} data-site-pay="">
        {error ? t(error) : null}
      </p>
      <button type="submit" className="button button--primary" disabled={!enabled} data-site-pay="">
        {chosen?.submit ?? t('formTitle')}
      </button>
      <p id="purchase-terms" className="purchase__terms" data-testid="purchase-terms" data-site-pay="">
        {chosen?.terms ?? ''}
      </p>
      <p className="auth__agreement" data-site-pay="">
        {t.rich('agreement', {
          privacy: (chunks) => <a href={localizedPath('/privacy', locale)}>{chunks}</a>,
          agreement: (chunks) => <a href={localizedPath('/user-agreement', locale)}>{chunks}</a>,
        })}
      </p>
    </form>
  )
}
