// "Your operator: МТС": on a list whose keys say where they work, the visitor's own network is asked of the site
// (GET /api/network, from their address, nothing stored: src/lib/probes/visitorNetwork.ts), and the keys proven on
// it are marked. The page stays one cached copy for everyone; only that small answer is the visitor's. Pages with no
// proven key ask nothing.
import { listsNetwork } from '@/lib/probes/networkList'

import { element, within } from './dom'
import { text } from './texts'

const marked = new WeakSet<HTMLElement>()
/** The visitor's network, asked once per page load (a React page's later lists reuse the answer). */
let network: Promise<string | null> | null = null

function askNetwork(): Promise<string | null> {
  network ??= fetch('/api/network', { credentials: 'omit', headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<{ network?: unknown }>) : null))
    .then((answer) => (typeof answer?.network === 'string' ? answer.network : null))
    .catch(() => null)
  return network
}

/** Marks the keys in `root` proven on the visitor's network, and says so above their table. */
export function markYourNetwork(root: ParentNode = document): void {
  const notes = within<HTMLElement>(root, '[data-works-on]').filter((note) => !marked.has(note))
  if (notes.length === 0) return
  for (const note of notes) marked.add(note)
  void askNetwork().then((name) => {
    if (!name) return
    const proven = notes.filter((note) => note.isConnected && listsNetwork(note.dataset.worksOn ?? '', name))
    if (proven.length === 0) return
    for (const note of proven) {
      note.append(' · ', element('strong', { 'data-testid': 'your-network-key' }, text('KeyTable.onYourNetwork')))
      note.closest('tr')?.classList.add('keys__row--your-network')
    }
    const source = element('small', {})
    // The site's own text (the database's attribution links), never the answer's.
    source.innerHTML = text('KeyTable.yourNetworkSourceHtml')
    ;(proven[0]!.closest('table') ?? proven[0]!).before(element('p', { class: 'your-network', role: 'status', 'data-testid': 'your-network' }, text('KeyTable.yourNetwork', { network: name }), ' ', source))
  })
}
