// The islands: what public pages served without React do in the browser (see src/lib/islands/islandPage.mjs). Each
// part finds its server-rendered markup by data attributes and does what the page's React component does. Bundled
// by scripts/buildIslands.ts.
import { dressMiniAppPage } from '@/lib/browser/miniApp'

import { setUpClock } from './clock'
import { setUpCopy } from './copy'
import { setUpHeader } from './header'
import { setUpKeyModal } from './keyModal'
import { setUpYourNetwork } from './network'
import { preselectPlatforms } from './platforms'
import { setUpSearch } from './search'
import { setUpTariffs } from './tariffs'

setUpCopy()
setUpClock()
setUpKeyModal()
setUpSearch()
setUpHeader()
preselectPlatforms()
setUpTariffs()
setUpYourNetwork()
void dressMiniAppPage(window.location.pathname)
