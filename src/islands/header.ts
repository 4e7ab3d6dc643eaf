// The header (Header's markup): the language switch keeps the query, and the account corner shows "Log out" to a
// signed-in visitor and opens the login popup for the others (the /login page without this script).
import { hasSignedInMarker } from '@/lib/auth/signedInMarker'
import { logOut, requestLink } from '@/lib/auth/fromBrowser'
import type { LinkAnswer } from '@/lib/auth/fromBrowser'
import { withCurrentQuery } from '@/lib/routing/switchLocale'

import { closestTarget, element, isPlainClick } from './dom'
import { locale, text } from './texts'

type Purpose = 'login' | 'register'

function errorText(answer: Extract<LinkAnswer, { kind: 'error' }>): string {
  if (answer.error === 'rateLimited') return text('Auth.rateLimited', {}, answer.minutes)
  if (answer.error === 'crossSiteRequest') return text('Auth.crossSiteRequest', { site: answer.site })
  return text(`Auth.${answer.error}`)
}

/** The e-mail link form of the popup: EmailLinkForm's markup and behaviour. */
function linkForm(purpose: Purpose): HTMLFormElement {
  const email = element('input', { type: 'email', name: 'email', autocomplete: 'email', inputmode: 'email', required: true, maxlength: '254', 'aria-describedby': 'auth-error' })
  const error = element('p', { id: 'auth-error', role: 'alert', class: 'auth__error' })
  const submit = element('button', { type: 'submit', class: 'button button--primary' }, text(purpose === 'login' ? 'Auth.sendLogin' : 'Auth.sendRegister'))
  const agreement = element('p', { class: 'auth__agreement' })
  agreement.innerHTML = text('Auth.agreementHtml')
  const form = element(
    'form',
    { action: '/api/auth/request-link', method: 'post', novalidate: true, class: 'auth__form' },
    element('input', { type: 'hidden', name: 'purpose', value: purpose }),
    element('input', { type: 'hidden', name: 'locale', value: locale() }),
    element('label', { class: 'field' }, element('span', {}, text('Auth.email')), email),
    error,
    submit,
    agreement,
  )
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    error.textContent = ''
    email.removeAttribute('aria-invalid')
    const label = submit.textContent ?? ''
    submit.disabled = true
    submit.textContent = text('Auth.sending')
    const answer = await requestLink(new FormData(form).get('email'), purpose, locale())
    submit.disabled = false
    submit.textContent = label
    if (answer.kind === 'sent') {
      const said = answer.queued ? text('Auth.sentQueuedText') : text('Auth.sentText')
      form.replaceWith(element('div', { role: 'status', class: 'auth__sent', 'data-testid': 'link-sent' }, element('h2', {}, text('Auth.sentTitle')), element('p', {}, said)))
      return
    }
    error.textContent = errorText(answer)
    email.setAttribute('aria-invalid', 'true')
  })
  return form
}

/** The login / register popup (AuthDialog's markup), removed when closed. */
function openAuthPopup(): void {
  const close = element('button', { type: 'button', class: 'modal__close', 'aria-label': text('KeyDetails.close') }, '×')
  const heading = element('h2', { id: 'auth-dialog-title' })
  const intro = element('p')
  const toggle = element('button', { type: 'button', class: 'button button--ghost' })
  let form = linkForm('login')
  const dialog = element('dialog', { class: 'modal', 'aria-labelledby': 'auth-dialog-title' }, element('div', { class: 'modal__body' }, close, heading, intro, form, toggle))
  let purpose: Purpose = 'login'
  // Only the texts and the form change: the switch keeps the focus, as in the React popup.
  const show = (next: Purpose) => {
    purpose = next
    heading.textContent = text(purpose === 'login' ? 'Auth.loginTitle' : 'Auth.registerTitle')
    intro.textContent = text(purpose === 'login' ? 'Auth.loginIntro' : 'Auth.registerIntro')
    toggle.textContent = text(purpose === 'login' ? 'Auth.toRegister' : 'Auth.toLogin')
    const fresh = linkForm(purpose)
    form.replaceWith(fresh)
    form = fresh
  }
  show('login')
  toggle.addEventListener('click', () => show(purpose === 'login' ? 'register' : 'login'))
  close.addEventListener('click', () => dialog.close())
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close()
  })
  dialog.addEventListener('close', () => dialog.remove())
  document.body.append(dialog)
  dialog.showModal()
  // Straight to the e-mail address (the dialog alone would focus its close button).
  dialog.querySelector<HTMLInputElement>('input[type="email"]')?.focus()
}

export function setUpHeader(): void {
  const login = document.querySelector<HTMLAnchorElement>('a[data-login-popup]')
  if (login && hasSignedInMarker(document.cookie)) {
    const logout = element('button', { type: 'button', class: login.className }, text('Auth.logout'))
    logout.addEventListener('click', () => void logOut(locale()))
    login.replaceWith(logout)
  }
  document.addEventListener('click', (event) => {
    const link = closestTarget<HTMLAnchorElement>(event, 'a')
    // Any click, a new tab's too: the other language's page keeps the query.
    if (link?.closest('nav.language')) withCurrentQuery(link)
    if (link?.matches('a[data-login-popup]') && isPlainClick(event)) {
      event.preventDefault()
      openAuthPopup()
    }
  })
}
