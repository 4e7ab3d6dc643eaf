// App guides (PlatformPreselect's marker): the visitor's platform tab is chosen.
import { preselectPlatform } from '@/lib/feeds/preselectPlatform'

export function preselectPlatforms(root: ParentNode = document): void {
  for (const marker of root.querySelectorAll<HTMLElement>('[data-platform-group]')) preselectPlatform(marker.dataset.platformGroup ?? '')
}
