// "Your operator: МТС": on a list whose keys say where they work, the visitor's own network is asked of the site
// (GET /api/network, from their address, nothing stored: src/lib/probes/visitorNetwork.ts), and the keys proven on
// it are marked. The page stays one cached copy for everyone; only that small answer is the visitor's. Pages with no
// proven key ask nothing.
import { listsNetwork } from '@/lib/probes/networkList'

import { element } from './dom'
import { text } from './texts'

export function setUpYourNetwork(): void {
  const notes = [...document.querySelectorAll<HTMLElement>('[data-works-on]')]
  if (notes.length === 0) return
  void fetch('/api/network', { credentials: 'omit', headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<{ network?: unknown }>) : null))
    .then((answer) => {
      const network = typeof answer?.network === 'string' ? answer.network : null
      if (!network) return
      const proven = notes.filter((note) => listsNetwork(note.dataset.worksOn ?? '', network))
      if (proven.length === 0) return
      for (const note of proven) {
        note.append(' · ', element('strong', { 'data-testid': 'your-network-key' }, text('KeyTable.onYourNetwork')))
        note.closest('tr')?.classList.add('keys__row--your-network')
      }
      const source = element('small', {})
      // The site's own text (the database's attribution links), never the answer's.
      source.innerHTML = text('KeyTable.yourNetworkSourceHtml')
      const notice = element('p', { class: 'your-network', role: 'status', 'data-testid': 'your-network' }, text('KeyTable.yourNetwork', { network }), ' ', source)
      ;(proven[0]!.closest('table') ?? proven[0]!).before(notice)
    })
    .catch(() => undefined)
}
