'use client'
// The purchase form: e-mail (the shared rule) and plan. A valid form is posted natively, so the whole
// window goes to the payment page; an invalid one stays with a message. What was typed comes back
// after a server-side refusal, and a signed-in user's e-mail is filled in. A Telegram-only account (no address of its
// own) is not asked for one unless the payment's receipt needs it, and is told the subscription will be its own.
import { useLocale, useTranslations } from 'next-intl'
import type React from 'react'
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'

import type { Locale } from '@/i18n/locales'
import { setUpStarsCheckout } from '@/lib/browser/miniAppStars'
import { setUpPromoField } from '@/lib/browser/promoField'
import { rememberReferral } from '@/lib/browser/referralLink'
import type { PromoState } from '@/lib/browser/promoField'
import { isPromoError, purchaseAnswerClass, purchaseErrorOf, randomAttemptKey, signedInBuyer } from '@/lib/browser/purchaseForm'
import type { PurchaseError } from '@/lib/browser/purchaseForm'
import { localizedPath } from '@/lib/routing/localizedPath'
import { checkEmail } from '@/lib/validation/email'

/**
 * `price`: the plan's full price, formatted (the button names it when the trial is not the buyer's); `submit`: the
 * button's text for this plan; `terms` / `termsFull`: what is paid today and what auto-renewal charges, from when and
 * how often (src/lib/billing/rules/terms.ts), with the trial and, once the buyer has had it, at the full price.
 */
type Plan = { id: number; label: string; price: string; submit: string; terms: string; termsFull: string; starsButton: string | null; starsTerms: string | null }

/**
 * Paying in Telegram Stars inside the Mini App (src/lib/browser/miniAppStars.ts): whether the site's form stays beside
 * it (the operator's TELEGRAM_BOT_SITE_CHECKOUT), where a paid buyer goes, and the answers' texts.
 */
export type StarsCheckout = {
  siteCheckout: boolean
  paidPath: string
  texts: { failed: string; unavailable: string; notOnSale: string; alreadyVip: string; tooFast: string; noStars: string }
}

const noSubscription = () => () => undefined

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
  const emailRef = useRef<HTMLInputElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const attemptRef = useRef<HTMLInputElement>(null)
  // What the server sent back with a refused form (error, e-mail, plan); empty while rendering on the server.
  const search = useSyncExternalStore(noSubscription, () => window.location.search, () => '')
  const query = useMemo(() => new URLSearchParams(search), [search])
  const [chosenPlan, setChosenPlan] = useState<number | null>(null)
  const [checkedError, setCheckedError] = useState<PurchaseError | null | undefined>(undefined)
  const [sending, setSending] = useState(false)
  const [telegramOnly, setTelegramOnly] = useState(false)
  const [promo, setPromo] = useState<PromoState>(null)
  const applied = promo && 'applied' in promo ? promo.applied : null
  const noAddress = telegramOnly && !receiptEmail
  const queryPlan = Number(query.get('plan'))
  // The shortest plan unless the buyer chose one: the button's trial fee never hides a year's price behind it.
  const plan = chosenPlan ?? (plans.some((item) => item.id === queryPlan) ? queryPlan : (plans[0]?.id ?? null))
  const error: PurchaseError | null = !enabled ? 'unavailable' : checkedError === undefined ? purchaseErrorOf(query) : checkedError
  // The server said this address has had the trial: the button names the full price, and the post says it was seen.
  const fullPrice = query.get('error') === 'trialUsed'
  const chosen = plans.find((item) => item.id === plan)

  useEffect(() => {
    // One key per visit of the form: submitting it twice opens one checkout.
    if (attemptRef.current && !attemptRef.current.value) attemptRef.current.value = randomAttemptKey()
    const typed = query.get('email')
    if (typed && emailRef.current && !emailRef.current.value) emailRef.current.value = typed
    void signedInBuyer().then((buyer) => {
      if (buyer?.telegramOnly) setTelegramOnly(true)
      if (!typed && buyer?.email && emailRef.current && !emailRef.current.value) emailRef.current.value = buyer.email
    })
  }, [query])

  useEffect(() => {
    rememberReferral(window.location, document)
    if (formRef.current) setUpStarsCheckout(formRef.current)
    if (formRef.current) setUpPromoField(formRef.current, setPromo)
  }, [])

  useEffect(() => {
    // A plan card's "Try" link (href="#buy", which without JavaScript just scrolls here): its plan is chosen in the
    // form, the form comes into view and the e-mail field, the next thing to fill, gets the focus.
    const choose = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-plan]') : null
      const chosenId = Number(link?.dataset.plan)
      if (!link || !plans.some((item) => item.id === chosenId)) return
      event.preventDefault()
      setChosenPlan(chosenId)
      emailRef.current?.form?.scrollIntoView({ block: 'start' })
      emailRef.current?.focus({ preventScroll: true })
      window.history.replaceState(window.history.state, '', '#buy')
    }
    document.addEventListener('click', choose)
    return () => document.removeEventListener('click', choose)
  }, [plans])

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget)
    const checked = noAddress ? null : checkEmail(form.get('email'))
    if (checked && !checked.ok) {
      event.preventDefault()
      setCheckedError(checked.error)
      emailRef.current?.focus()
      return
    }
    if (consentLabel && form.get('consent') !== 'on') {
      event.preventDefault()
      setCheckedError('consentRequired')
      return
    }
    setSending(true)
  }

  return (
    <form ref={formRef} action="/api/billing/checkout" method="post" onSubmit={submit} noValidate className="purchase" id="buy" data-purchase="" data-receipt-email={String(receiptEmail)}>
      <input type="hidden" name="locale" value={locale} />
      <input ref={attemptRef} type="hidden" name="attempt" defaultValue="" />
      {fullPrice ? <input type="hidden" name="fullPrice" value="on" /> : null}
      <fieldset className="purchase__plans">
        <legend>{t('plan')}</legend>
        {plans.map((item) => (
          <label key={item.id} className="purchase__plan">
            <input
              type="radio"
              name="plan"
              value={item.id}
              checked={plan === item.id}
              onChange={() => setChosenPlan(item.id)}
              // The button's texts for this plan, for the islands (src/islands/tariffs.ts) on the page served without React.
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
      <label className="field" hidden={noAddress} data-site-pay="">
        <span>{t('email')}</span>
        <input
          ref={emailRef}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required={!noAddress}
          disabled={noAddress}
          maxLength={254}
          aria-invalid={error === 'invalidEmail' || error === 'invalidValueForEmail'}
          aria-describedby="purchase-error"
        />
      </label>
      <p id="purchase-telegram" className="status-note" hidden={!telegramOnly} data-site-pay="">
        {receiptEmail ? t('telegramReceiptEmail') : t('telegramBuyer')}
      </p>
      {consentLabel ? (
        <label className="purchase__consent" data-site-pay="">
          <input type="checkbox" name="consent" required aria-invalid={error === 'consentRequired'} aria-describedby="purchase-error" /> {consentLabel}
        </label>
      ) : null}
      {/* Not only the site's checkout's: a code gives its price in Stars too (the Mini App). */}
      <div className="purchase__promo">
        <label className="field">
          <span>{t('promoLabel')}</span>
          <input type="text" name="promo" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={40} defaultValue="" aria-invalid={isPromoError(error) || (promo !== null && 'error' in promo)} aria-describedby="promo-status" />
        </label>
        <button type="button" className="button" data-promo-apply="">
          {t('promoApply')}
        </button>
        <p id="promo-status" role="status" className={promo && 'error' in promo ? 'auth__error' : 'status-note'} data-testid="promo-status">
          {applied ? applied.applied : promo && 'error' in promo ? t(promo.error) : null}
        </p>
      </div>
      <p id="purchase-error" role="alert" className={purchaseAnswerClass(error)} data-site-pay="">
        {error ? t(error) : null}
      </p>
      <button type="submit" className="button button--primary" disabled={sending || !enabled} data-site-pay="">
        {applied ? applied.submit : fullPrice && chosen ? t('submitFull', { price: chosen.price }) : (chosen?.submit ?? t('formTitle'))}
      </button>
      <p id="purchase-terms" className="purchase__terms" data-testid="purchase-terms" data-site-pay="">
        {applied ? applied.terms : ((fullPrice ? chosen?.termsFull : chosen?.terms) ?? '')}
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
