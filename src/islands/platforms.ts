// App guides (PlatformPreselect's marker): the visitor's platform tab is chosen.
import { preselectPlatform } from '@/lib/feeds/preselectPlatform'

import { within } from './dom'

export function preselectPlatforms(root: ParentNode = document): void {
  for (const marker of within<HTMLElement>(root, '[data-platform-group]')) preselectPlatform(marker.dataset.platformGroup ?? '')
}
