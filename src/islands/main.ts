// The islands' own script, on the pages served without React (src/lib/islands/islandPage.mjs): the islands, and the
// Mini App's dress that React pages get from MiniAppFrame. Bundled by scripts/buildIslands.ts.
import { dressMiniAppPage } from '@/lib/browser/miniApp'

import { startIslands } from './start'

startIslands()
void dressMiniAppPage(window.location.pathname)
