// The islands: what the site's shared markup does in the browser, the one copy of each behaviour. Each part finds
// its server-rendered markup by data attributes. Started once per page: by their own small script on the pages
// served without React (./main.ts, src/lib/islands/islandPage.mjs), and by IslandBehaviours on React pages once React
// has hydrated. Clicks and typing are heard on the document, so they reach markup whenever it came; what a piece of
// markup needs once (an enabled copy button, a current time, a chosen app tab, a purchase form's set-up) is done for
// the page and for whatever is put in it later (a key window's content, a React page's client-side navigation).
import { mountTimes, setUpClock } from './clock'
import { enableCopyButtons, setUpCopy } from './copy'
import { setUpHeader, showAccount } from './header'
import { setUpKeyModal } from './keyModal'
import { setUpLinkForms } from './linkForm'
import { markYourNetwork } from './network'
import { preselectPlatforms } from './platforms'
import { setUpSearch } from './search'
import { mountTariffs, setUpTariffs } from './tariffs'

let started = false

/** What markup needs once, in `root` (the page, or what was just put in it). */
function mount(root: ParentNode): void {
  enableCopyButtons(root)
  preselectPlatforms(root)
  mountTariffs(root)
  markYourNetwork(root)
}

export function startIslands(): void {
  if (started) return
  started = true
  setUpCopy()
  setUpClock()
  setUpKeyModal()
  setUpSearch()
  setUpHeader()
  setUpLinkForms()
  setUpTariffs()
  mount(document)
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue
        mount(node)
        mountTimes(node)
      }
    }
    showAccount()
  }).observe(document.body, { childList: true, subtree: true })
  // Said on the page: from now on its forms are answered in place (before, they post and land on their result pages,
  // as without JavaScript). The end-to-end tests wait for it before they use a form.
  document.documentElement.dataset.islands = 'started'
}
