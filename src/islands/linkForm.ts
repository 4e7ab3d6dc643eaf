// The e-mail link form of login and registration (EmailLinkForm's markup, and the login popup's copy of it): checks
// the address with the server, asks for a link and says what happened, on the form. Without JavaScript the form posts
// itself and lands on a result page.
import { requestLink } from '@/lib/auth/fromBrowser'
import type { LinkAnswer } from '@/lib/auth/fromBrowser'

import { closestTarget, element } from './dom'
import { locale, text } from './texts'

export const LINK_FORM = 'form[data-link-form]'

function errorText(answer: Extract<LinkAnswer, { kind: 'error' }>): string {
  if (answer.error === 'rateLimited') return text('Auth.rateLimited', {}, answer.minutes)
  if (answer.error === 'crossSiteRequest') return text('Auth.crossSiteRequest', { site: answer.site })
  return text(`Auth.${answer.error}`)
}

async function send(form: HTMLFormElement): Promise<void> {
  const email = form.querySelector<HTMLInputElement>('input[name="email"]')
  const error = form.querySelector<HTMLElement>('[role="alert"]')
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  if (!email || !error || !submit || submit.disabled) return
  const data = new FormData(form)
  error.textContent = ''
  email.removeAttribute('aria-invalid')
  const label = submit.textContent ?? ''
  submit.disabled = true
  submit.textContent = text('Auth.sending')
  const answer = await requestLink(data.get('email'), data.get('purpose') === 'register' ? 'register' : 'login', locale())
  submit.disabled = false
  submit.textContent = label
  if (answer.kind === 'sent') {
    // Hidden, not removed: on a React page the form is React's.
    form.hidden = true
    const said = answer.queued ? text('Auth.sentQueuedText') : text('Auth.sentText')
    form.after(element('div', { role: 'status', class: 'auth__sent', 'data-testid': 'link-sent' }, element('h2', {}, text('Auth.sentTitle')), element('p', {}, said)))
    return
  }
  error.textContent = errorText(answer)
  email.setAttribute('aria-invalid', 'true')
}

export function setUpLinkForms(): void {
  document.addEventListener('submit', (event) => {
    const form = closestTarget<HTMLFormElement>(event, LINK_FORM)
    if (!form) return
    event.preventDefault()
    void send(form)
  })
}
