// The key window over a key table (KeyModalProvider's dialog): "Read more" and "Install" show the key's own page in
// it and put that page's URL in the address bar; Back closes it, Forward opens it again. Without this script the
// links open the page itself.
import { refreshTimes } from './clock'
import { enableCopyButtons } from './copy'
import { closestTarget, element, isPlainClick } from './dom'
import { preselectPlatforms } from './platforms'
import { text } from './texts'

type Request = { id: number; href: string; anchor?: string }

export function setUpKeyModal(): void {
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-key-modal]')
  const body = dialog?.querySelector<HTMLElement>('.modal__body')
  if (!dialog || !body) return
  let pushedUrl = false
  let latest = 0

  const closeButton = body.querySelector('.modal__close')
  // Everything after the close button is the content; the button stays in place, so the focus on it stays too.
  const show = (content: Node) => {
    if (!closeButton) return body.replaceChildren(content)
    while (closeButton.nextSibling) closeButton.nextSibling.remove()
    closeButton.after(content)
  }
  const message = (key: string, alert = false) => element('p', { id: 'key-modal-title', role: alert ? 'alert' : undefined }, text(key))

  const load = async (request: Request) => {
    const attempt = ++latest
    show(message('KeyDetails.loading'))
    if (!dialog.open) dialog.showModal()
    try {
      const response = await fetch(request.href, { headers: { Accept: 'text/html' } })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      const page = new DOMParser().parseFromString(await response.text(), 'text/html')
      const details = page.querySelector('article.key-details')
      if (!details) throw new Error('no key on the page')
      if (attempt !== latest) return
      // The page's heading, as the window's (one level below the list's own).
      const heading = details.querySelector('h1')
      if (heading) heading.replaceWith(element('h2', { id: 'key-modal-title', class: heading.className }, ...heading.childNodes))
      const view = document.importNode(details, true)
      show(view)
      enableCopyButtons(view)
      refreshTimes(view)
      preselectPlatforms(view)
      if (request.anchor) view.querySelector(`#${CSS.escape(request.anchor)}`)?.scrollIntoView({ block: 'start' })
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error))
      if (attempt === latest) show(message('KeyDetails.loadFailed', true))
    }
  }

  const open = (request: Request) => {
    if (window.location.pathname !== request.href) {
      window.history.pushState({ keyModal: request.id }, '', request.anchor ? `${request.href}#${request.anchor}` : request.href)
      pushedUrl = true
    }
    void load(request)
  }

  const close = () => {
    latest += 1
    if (pushedUrl) {
      pushedUrl = false
      window.history.back()
    }
    if (dialog.open) dialog.close()
  }

  document.addEventListener('click', (event) => {
    const link = closestTarget<HTMLAnchorElement>(event, 'a[data-opens-key]')
    if (!link || !isPlainClick(event)) return
    event.preventDefault()
    open({ id: Number(link.dataset.opensKey), href: link.pathname, anchor: link.dataset.anchor })
  })
  window.addEventListener('popstate', (event) => {
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
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault()
    close()
  })
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog || closestTarget(event, '.modal__close')) close()
  })
}
