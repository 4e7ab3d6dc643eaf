// The header (Header's markup): the language switch keeps the query, and the account corner shows "Log out" to a
// signed-in visitor and opens the login popup for the others (the /login page without this script).
import { hasSignedInMarker } from '@/lib/auth/signedInMarker'
import { logOut } from '@/lib/auth/fromBrowser'
import { withCurrentQuery } from '@/lib/routing/switchLocale'

import { closestTarget, element, isPlainClick } from './dom'
import { locale, text } from './texts'

type Purpose = 'login' | 'register'

/** The popup's e-mail link form: EmailLinkForm's markup (its behaviour: ./linkForm.ts). */
function linkForm(purpose: Purpose): HTMLFormElement {
  const agreement = element('p', { class: 'auth__agreement' })
  agreement.innerHTML = text('Auth.agreementHtml')
  return element(
    'form',
    { action: '/api/auth/request-link', method: 'post', novalidate: true, class: 'auth__form', 'data-link-form': true },
    element('input', { type: 'hidden', name: 'purpose', value: purpose }),
    element('input', { type: 'hidden', name: 'locale', value: locale() }),
    element(
      'label',
      { class: 'field' },
      element('span', {}, text('Auth.email')),
      element('input', { type: 'email', name: 'email', autocomplete: 'email', inputmode: 'email', required: true, maxlength: '254', 'aria-describedby': 'auth-error' }),
    ),
    element('p', { id: 'auth-error', role: 'alert', class: 'auth__error' }),
    element('button', { type: 'submit', class: 'button button--primary' }, text(purpose === 'login' ? 'Auth.sendLogin' : 'Auth.sendRegister')),
    agreement,
  )
}

/** The login / register popup, removed when closed (the /login and /register pages' form, in a window). */
function openAuthPopup(): void {
  const close = element('button', { type: 'button', class: 'modal__close', 'aria-label': text('KeyDetails.close') }, '×')
  const heading = element('h2', { id: 'auth-dialog-title' })
  const intro = element('p')
  const toggle = element('button', { type: 'button', class: 'button button--ghost' })
  let form = linkForm('login')
  const dialog = element('dialog', { class: 'modal', 'aria-labelledby': 'auth-dialog-title' }, element('div', { class: 'modal__body' }, close, heading, intro, form, toggle))
  let purpose: Purpose = 'login'
  // Only the texts and the form change: the switch keeps the focus.
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

/**
 * "Log in" to a visitor, "Log out" to a signed-in one (AccountLinks serves both, the second hidden): decided here from
 * a readable hint cookie, so the header stays one cached copy for everyone. Again after anything changes the page: a
 * sign-in on a React page goes on by a client-side navigation, under the same header.
 */
export function showAccount(): void {
  const signedIn = hasSignedInMarker(document.cookie)
  for (const login of document.querySelectorAll<HTMLElement>('a[data-login-popup]')) login.hidden = signedIn
  for (const logout of document.querySelectorAll<HTMLElement>('button[data-logout]')) logout.hidden = !signedIn
}

export function setUpHeader(): void {
  showAccount()
  document.addEventListener('click', (event) => {
    const link = closestTarget<HTMLAnchorElement>(event, 'a')
    // Any click, a new tab's too: the other language's page keeps the query.
    if (link?.closest('nav.language')) withCurrentQuery(link)
    if (closestTarget(event, 'button[data-logout]')) void logOut(locale())
  })
  // Heard on its way down, before anything else on the page: on a React page the loading bar would otherwise start
  // for a link that opens no page.
  document.addEventListener(
    'click',
    (event) => {
      if (!closestTarget(event, 'a[data-login-popup]') || !isPlainClick(event)) return
      event.preventDefault()
      event.stopPropagation()
      openAuthPopup()
    },
    true,
  )
}
