// The plans page inside the Mini App: a plan with a price in Stars is paid in Telegram's own payment form (an invoice
// made for the signed-in Telegram user by api/telegram/stars-invoice, opened with WebApp.openInvoice), beside the
// site's purchase form or, where the operator leads buyers in Telegram to Stars only, instead of it. Set up on the
// form's markup by ./tariffs.ts; outside the Mini App it does nothing.
import { inMiniApp, telegramWebApp } from '@/lib/browser/miniApp'

/** The answers the route may give, each a text on the Stars box (`data-<error>`). */
const ERRORS = ['unavailable', 'notOnSale', 'alreadyVip', 'tooFast'] as const

export function setUpStarsCheckout(form: HTMLFormElement): void {
  const box = form.querySelector<HTMLElement>('[data-stars]')
  const button = box?.querySelector<HTMLButtonElement>('button')
  // Once per form.
  if (!box || !button || !inMiniApp() || form.dataset.starsReady !== undefined) return
  form.dataset.starsReady = ''
  const terms = box.querySelector<HTMLElement>('[data-stars-terms]')
  const error = box.querySelector<HTMLElement>('[data-stars-error]')
  const radios = Array.from(form.querySelectorAll<HTMLInputElement>('input[name="plan"]'))
  // Attributes the page's markup does not carry, so a React render leaves them be; the styles show and hide by them.
  form.dataset.miniApp = ''
  if (box.dataset.siteCheckout !== 'true') form.dataset.starsOnly = ''
  const chosen = () => radios.find((radio) => radio.checked)
  // A promo code applied in the form (./promoField.ts) names its own Stars price and terms.
  const show = () => {
    const label = form.dataset.promoStarsButton ?? chosen()?.dataset.starsButton ?? ''
    button.hidden = label === ''
    button.textContent = label
    if (terms) terms.textContent = form.dataset.promoStarsTerms ?? chosen()?.dataset.starsTerms ?? ''
    if (error) error.textContent = ''
  }
  show()
  form.addEventListener('change', show)
  form.addEventListener('promochange', show)
  button.addEventListener('click', async () => {
    const plan = chosen()
    if (!plan) return
    button.disabled = true
    const fail = (key: string) => {
      if (error) error.textContent = box.dataset[key] ?? box.dataset.failed ?? ''
      button.disabled = false
    }
    try {
      const body = new FormData()
      body.set('plan', plan.value)
      if (form.dataset.promoStarsButton && form.dataset.promoCode) body.set('promo', form.dataset.promoCode)
      body.set('locale', document.documentElement.lang)
      const answer = (await (await fetch('/api/telegram/stars-invoice', { method: 'POST', body, credentials: 'same-origin' })).json()) as { ok: boolean; url?: string; error?: string; message?: string }
      const app = await telegramWebApp()
      // A promo code that no longer applies: the server says why, in the buyer's language.
      if (!answer.ok && answer.message && error) {
        error.textContent = answer.message
        button.disabled = false
        return
      }
      if (!answer.ok || !answer.url || !app?.openInvoice) return fail(ERRORS.find((key) => key === answer.error) ?? 'failed')
      app.openInvoice(answer.url, (status) => {
        if (status === 'paid' || status === 'pending') window.location.assign(box.dataset.paidPath ?? '/')
        else if (status === 'failed') fail('failed')
        else button.disabled = false
      })
    } catch {
      fail('failed')
    }
  })
}
