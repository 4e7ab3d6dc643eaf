'use client'
// Picks the visitor's platform tab once the page is in the browser (cached pages cannot know it). The marker tells
// the islands (src/islands) to do the same on pages served without React.
import { useEffect } from 'react'

import { preselectPlatform } from '@/lib/feeds/preselectPlatform'

export function PlatformPreselect({ group }: { group: string }) {
  useEffect(() => preselectPlatform(group), [group])
  return <span hidden data-platform-group={group} />
}
