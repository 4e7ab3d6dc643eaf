// The plans page (PurchaseForm's and SpeedTest's markup): the plan the visitor chose (by a card or the query the
// server sent back), what the server refused and what was typed, the e-mail of a signed-in visitor, one attempt
// key per visit, the address checked before it is posted; and the speed test.
import { setUpStarsCheckout } from '@/islands/miniAppStars'
import { setUpPromoField } from '@/islands/promoField'
import type { PromoState } from '@/islands/promoField'
import { measureSpeed } from '@/islands/speedTest'
import { rememberReferral } from '@/islands/referralLink'
import { purchaseAnswerClass, purchaseErrorOf, randomAttemptKey, signedInBuyer } from '@/lib/browser/purchaseForm'
import type { PurchaseError } from '@/lib/browser/purchaseForm'
import { checkEmail } from '@/lib/validation/checkEmail'

import { closestTarget, element, within } from './dom'
import { text } from './texts'

const PURCHASE = 'form[data-purchase]'
/** Each form's way to choose a plan, for its cards' "Try" links. */
const choosers = new WeakMap<HTMLFormElement, (id: string) => boolean>()

function setUpPurchase(form: HTMLFormElement): void {
  if (choosers.has(form)) return
  const email = form.querySelector<HTMLInputElement>('input[name="email"]')
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  const errorText = form.querySelector<HTMLElement>('#purchase-error')
  const terms = form.querySelector<HTMLElement>('#purchase-terms')
  if (!email || !submit || !errorText) return
  rememberReferral(window.location, document)
  const query = new URLSearchParams(window.location.search)
  const radios = Array.from(form.querySelectorAll<HTMLInputElement>('input[name="plan"]'))
  const consent = form.querySelector<HTMLInputElement>('input[name="consent"]')
  const enabled = !submit.disabled
  // The server said this address has had the trial: the button names the full price, and the post says it was seen.
  const fullPrice = query.get('error') === 'trialUsed'
  if (fullPrice) form.append(element('input', { type: 'hidden', name: 'fullPrice', value: 'on' }))

  const showError = (error: PurchaseError | null) => {
    errorText.textContent = error ? text(`Tariffs.${error}`) : ''
    errorText.className = purchaseAnswerClass(error)
    email.setAttribute('aria-invalid', String(error === 'invalidEmail' || error === 'invalidValueForEmail'))
    consent?.setAttribute('aria-invalid', String(error === 'consentRequired'))
  }
  // A promo code the server said applies to the chosen plan: its words and terms stand in for the plan's.
  let promo: PromoState = null
  const promoStatus = form.querySelector<HTMLElement>('#promo-status')
  const label = () => {
    const chosen = radios.find((radio) => radio.checked)
    const applied = promo && 'applied' in promo ? promo.applied : null
    const words = applied ? applied.submit : fullPrice ? chosen?.dataset.submitFull : chosen?.dataset.submit
    if (words) submit.textContent = words
    // What the chosen plan charges today and then, beside the button that agrees to it.
    const promised = applied ? applied.terms : fullPrice ? chosen?.dataset.termsFull : chosen?.dataset.terms
    if (terms && promised) terms.textContent = promised
  }
  const showPromo = (state: PromoState) => {
    promo = state
    if (promoStatus) {
      promoStatus.textContent = state && 'applied' in state ? state.applied.applied : state ? text(`Tariffs.${state.error}`) : ''
      promoStatus.className = state && 'error' in state ? 'auth__error' : 'status-note'
    }
    form.querySelector('input[name="promo"]')?.setAttribute('aria-invalid', String(state !== null && 'error' in state))
    label()
  }
  const choose = (id: string) => {
    const radio = radios.find((item) => item.value === id)
    if (!radio) return false
    radio.checked = true
    label()
    return true
  }

  choose(query.get('plan') ?? '')
  label()
  if (enabled) showError(purchaseErrorOf(query))
  // One key per visit of the form: submitting it twice opens one checkout.
  const attempt = form.querySelector<HTMLInputElement>('input[name="attempt"]')
  if (attempt && !attempt.value) attempt.value = randomAttemptKey()
  const typed = query.get('email')
  if (typed && !email.value) email.value = typed
  // A Telegram-only account types an address only where the receipt needs it; it is told the subscription is its own.
  void signedInBuyer().then((buyer) => {
    if (buyer?.telegramOnly) {
      form.querySelector<HTMLElement>('#purchase-telegram')?.removeAttribute('hidden')
      if (form.dataset.receiptEmail !== 'true') {
        email.closest('label')?.setAttribute('hidden', '')
        email.required = false
        email.disabled = true
      }
    }
    if (!typed && buyer?.email && !email.value) email.value = buyer.email
  })

  for (const radio of radios) radio.addEventListener('change', label)
  setUpStarsCheckout(form)
  setUpPromoField(form, showPromo)
  choosers.set(form, (id) => {
    if (!choose(id)) return false
    form.scrollIntoView({ block: 'start' })
    email.focus({ preventScroll: true })
    return true
  })
  form.addEventListener('submit', (event) => {
    const checked = email.disabled ? null : checkEmail(email.value)
    if (checked && !checked.ok) {
      event.preventDefault()
      showError(checked.error)
      email.focus()
      return
    }
    if (consent && !consent.checked) {
      event.preventDefault()
      showError('consentRequired')
      return
    }
    // Posted natively: the whole window goes to the payment page.
    window.setTimeout(() => (submit.disabled = true))
  })
}

/** The speed test (SpeedTest's markup): a button and where its result goes. */
async function runSpeedTest(button: HTMLButtonElement, result: HTMLElement): Promise<void> {
  button.disabled = true
  button.textContent = text('Tariffs.speedRunning')
  result.replaceChildren()
  try {
    const { download, upload } = await measureSpeed()
    const number = (value: number) => new Intl.NumberFormat(document.documentElement.lang).format(value)
    result.replaceChildren(text('Tariffs.speedDownload', { mbps: number(download) }), element('br'), text('Tariffs.speedUpload', { mbps: number(upload) }))
  } catch {
    result.textContent = text('Tariffs.speedFailed')
  }
  button.disabled = false
  button.textContent = text('Tariffs.speedStart')
}

/** The purchase forms in `root` (the page, or what a client-side navigation brought). */
export function mountTariffs(root: ParentNode): void {
  for (const form of within<HTMLFormElement>(root, PURCHASE)) setUpPurchase(form)
}

export function setUpTariffs(): void {
  document.addEventListener('click', (event) => {
    // A plan card's "Try" link (href="#buy"): its plan chosen, the form in view, the e-mail field focused.
    const link = closestTarget<HTMLAnchorElement>(event, 'a[data-plan]')
    const form = link ? document.querySelector<HTMLFormElement>(PURCHASE) : null
    if (link && form && choosers.get(form)?.(link.dataset.plan ?? '')) {
      event.preventDefault()
      window.history.replaceState(window.history.state, '', '#buy')
      return
    }
    const button = closestTarget<HTMLButtonElement>(event, '[data-speedtest] button')
    const result = button?.closest('[data-speedtest]')?.querySelector<HTMLElement>('[data-testid="speed-result"]')
    if (button && result && !button.disabled) void runSpeedTest(button, result)
  })
}
