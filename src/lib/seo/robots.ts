// The modes of the internal route's first segment: the production host is indexed, every other host is not;
// crawlers get pages of their own, whose error screens are left out (site-spec §2: errors for crawler user
// agents do not render the error page; the status code says it all). A mirror (MIRROR_HOSTS) has modes of its own,
// `mirror-<n>` with its place in the list: its pages give out the mirror's addresses, so each mirror has its copies.
export const ROBOTS_MODES = ['index', 'noindex', 'index-crawler', 'noindex-crawler'] as const
type HostMode = (typeof ROBOTS_MODES)[number]
type MirrorMode = `mirror-${number}` | `mirror-${number}-crawler`
export type RobotsMode = HostMode | MirrorMode

/** At most this many mirrors have pages of their own (MIRROR_HOSTS beyond it are served the site's addresses). */
export const MAX_MIRROR_MODES = 20
const MIRROR_MODE = /^mirror-(\d{1,2})(-crawler)?$/

export function isRobotsMode(value: unknown): value is RobotsMode {
  if ((ROBOTS_MODES as readonly unknown[]).includes(value)) return true
  return mirrorOfMode(value) !== null
}

/** The mirror a mode's pages are for (its place in MIRROR_HOSTS), or null for the site's own hosts. */
export function mirrorOfMode(mode: unknown): number | null {
  const match = typeof mode === 'string' ? MIRROR_MODE.exec(mode) : null
  const index = match ? Number(match[1]) : NaN
  return index < MAX_MIRROR_MODES && String(index) === match?.[1] ? index : null
}

export function robotsMode({ isIndexable, isCrawler, mirror = null }: { isIndexable: boolean; isCrawler: boolean; mirror?: number | null }): RobotsMode {
  const crawler = isCrawler ? '-crawler' : ''
  if (mirror !== null && mirror < MAX_MIRROR_MODES) return `mirror-${mirror}${crawler}` as MirrorMode
  return `${isIndexable ? 'index' : 'noindex'}${crawler}` as HostMode
}

export function isIndexableMode(mode: RobotsMode): boolean {
  return mode === 'index' || mode === 'index-crawler'
}

export function isCrawlerMode(mode: unknown): boolean {
  return typeof mode === 'string' && isRobotsMode(mode) && mode.endsWith('-crawler')
}
