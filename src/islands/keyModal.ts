// The key window over a key table (KeyModalDialog's markup): "Read more" and "Install" show the key's own page in it
// and put that page's URL in the address bar; Back closes it, Forward opens it again. Without this script the links
// open the page itself. The window is looked up when used: on a React page, a client-side navigation brings another.
import { closestTarget, element, isPlainClick } from './dom'
import { text } from './texts'

type Request = { id: number; href: string; anchor?: string }

const DIALOG = 'dialog[data-key-modal]'
let pushedUrl = false
let latest = 0

function keyDialog(): HTMLDialogElement | null {
  return document.querySelector<HTMLDialogElement>(DIALOG)
}

/** Shows `content` in the window, beside its close button (which stays, with the focus it has). */
function show(dialog: HTMLDialogElement, content: Node): void {
  const body = dialog.querySelector<HTMLElement>('[data-key-modal-content]')
  body?.replaceChildren(content)
}

function message(key: string, alert = false): HTMLParagraphElement {
  return element('p', { id: 'key-modal-title', role: alert ? 'alert' : undefined }, text(key))
}

async function load(request: Request): Promise<void> {
  const dialog = keyDialog()
  if (!dialog) return
  const attempt = ++latest
  show(dialog, message('KeyDetails.loading'))
  if (!dialog.open) dialog.showModal()
  try {
    const response = await fetch(request.href, { headers: { Accept: 'text/html' } })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    const page = new DOMParser().parseFromString(await response.text(), 'text/html')
    const details = page.querySelector('article.key-details')
    if (!details) throw new Error('no key on the page')
    if (attempt !== latest) return
    // The page's heading, as the window's (one level below the list's own).
    const heading = details.querySelector('.key-details__title')
    if (heading) heading.replaceWith(element('h2', { id: 'key-modal-title', class: heading.className }, ...heading.childNodes))
    const view = document.importNode(details, true)
    // Its copy buttons, times and app tabs come alive as anything new in the page does (./start.ts).
    show(dialog, view)
    if (request.anchor) view.querySelector(`#${CSS.escape(request.anchor)}`)?.scrollIntoView({ block: 'start' })
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    if (attempt === latest) show(dialog, message('KeyDetails.loadFailed', true))
  }
}

function open(request: Request): void {
  if (window.location.pathname !== request.href) {
    window.history.pushState({ keyModal: request.id }, '', request.anchor ? `${request.href}#${request.anchor}` : request.href)
    pushedUrl = true
  }
  void load(request)
}

function close(dialog: HTMLDialogElement): void {
  latest += 1
  if (pushedUrl) {
    pushedUrl = false
    window.history.back()
  }
  if (dialog.open) dialog.close()
}

export function setUpKeyModal(): void {
  document.addEventListener('click', (event) => {
    const dialog = keyDialog()
    if (!dialog) return
    const link = closestTarget<HTMLAnchorElement>(event, 'a[data-opens-key]')
    if (link && isPlainClick(event)) {
      event.preventDefault()
      open({ id: Number(link.dataset.opensKey), href: link.pathname, anchor: link.dataset.anchor })
      return
    }
    // The backdrop (a click on the dialog itself) or the close button.
    if (event.target === dialog || closestTarget(event, `${DIALOG} .modal__close`)) close(dialog)
  })
  window.addEventListener('popstate', (event) => {
    const dialog = keyDialog()
    if (!dialog) return
    const id = (event.state as { keyModal?: unknown } | null)?.keyModal
    if (typeof id === 'number') {
      // Forward (or Back) to an entry the window made: the key again, and Back or closing leaves it.
      pushedUrl = true
      void load({ id, href: window.location.pathname, anchor: window.location.hash.slice(1) || undefined })
      return
    }
    pushedUrl = false
    latest += 1
    if (dialog.open) dialog.close()
  })
  // Esc: `cancel` does not bubble, so it is heard on its way down.
  document.addEventListener(
    'cancel',
    (event) => {
      if (!(event.target instanceof HTMLDialogElement) || !event.target.matches(DIALOG)) return
      event.preventDefault()
      close(event.target)
    },
    true,
  )
}
