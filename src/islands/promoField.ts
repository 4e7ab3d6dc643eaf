// The purchase form's promo code field (set up by ./tariffs.ts): a code typed (or brought by a link,
// `/tariffs?promo=CODE`) is checked with the server for the chosen plan (api/promo/check) when the buyer applies it,
// presses Enter in it or changes the plan; the caller shows the answer: the button's words and the terms after the
// code, or why it does not apply. The form posts the code either way, and the checkout checks it again: what is shown
// here never decides the price.
import type { PurchaseError } from '@/lib/browser/purchaseForm'

export type PromoApplied = { code: string; submit: string; terms: string; applied: string; stars: { button: string; terms: string } | null }

/**
 * The Stars box in the Mini App (./miniAppStars.ts) reads the code's Stars price from the form: set while a code
 * applies and gives something in Stars, removed otherwise, and told by a `promochange` event.
 */
function markStars(form: HTMLFormElement, state: PromoState): void {
  const stars = state && 'applied' in state ? state.applied.stars : null
  if (stars && state && 'applied' in state) Object.assign(form.dataset, { promoCode: state.applied.code, promoStarsButton: stars.button, promoStarsTerms: stars.terms })
  else for (const key of ['promoCode', 'promoStarsButton', 'promoStarsTerms']) delete form.dataset[key]
  form.dispatchEvent(new Event('promochange'))
}
/** The code applies (its texts), does not (why), or there is none. */
export type PromoState = { applied: PromoApplied } | { error: PurchaseError } | null

export function setUpPromoField(form: HTMLFormElement, onState: (state: PromoState) => void): void {
  const input = form.querySelector<HTMLInputElement>('input[name="promo"]')
  const apply = form.querySelector<HTMLButtonElement>('[data-promo-apply]')
  // Once per form.
  if (!input || !apply || form.dataset.promoReady !== undefined) return
  form.dataset.promoReady = ''
  let asked = 0
  let shown: PromoState = null
  const tell = (state: PromoState) => {
    shown = state
    markStars(form, state)
    onState(state)
  }
  const check = async () => {
    const code = input.value.trim()
    const plan = form.querySelector<HTMLInputElement>('input[name="plan"]:checked')?.value
    const ask = ++asked
    if (!code) return tell(null)
    if (!plan) return
    apply.disabled = true
    let state: PromoState
    try {
      const body = new FormData()
      body.set('code', code)
      body.set('plan', plan)
      body.set('locale', document.documentElement.lang)
      const answer = (await (await fetch('/api/promo/check', { method: 'POST', body, credentials: 'same-origin' })).json()) as Partial<PromoApplied> & { ok?: boolean; error?: PurchaseError }
      state = answer.ok && answer.code ? { applied: answer as PromoApplied } : { error: answer.error ?? 'promoInvalid' }
    } catch {
      state = { error: 'checkoutFailed' }
    }
    apply.disabled = false
    // Only the latest question's answer: a slow answer about the plan before never overwrites the current one.
    if (ask === asked) tell(state)
  }
  apply.addEventListener('click', () => void check())
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return
    // Enter in the code's field applies the code; it does not send the form to the payment page.
    event.preventDefault()
    void check()
  })
  // Another code typed over an applied one: the price shown is the plan's again until it is applied (the form posts
  // what is typed, and the checkout charges that).
  input.addEventListener('input', () => {
    const typed = input.value.replace(/[\s\-_]/g, '').toUpperCase()
    if (shown && !('applied' in shown && shown.applied.code === typed)) tell(null)
  })
  form.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.name === 'plan' && input.value.trim()) void check()
  })
  const linked = new URLSearchParams(window.location.search).get('promo')
  if (linked && !input.value) input.value = linked.slice(0, 40)
  if (input.value.trim()) void check()
}
