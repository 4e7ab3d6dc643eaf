// The modes of the internal route's first segment: the production host is indexed, every other host is not;
// crawlers get pages of their own, whose error screens are left out (site-spec §2: errors for crawler user
// agents do not render the error page; the status code says it all).
export const ROBOTS_MODES = ['index', 'noindex', 'index-crawler', 'noindex-crawler'] as const
export type RobotsMode = (typeof ROBOTS_MODES)[number]

export function isRobotsMode(value: unknown): value is RobotsMode {
  return (ROBOTS_MODES as readonly unknown[]).includes(value)
}

export function robotsMode({ isIndexable, isCrawler }: { isIndexable: boolean; isCrawler: boolean }): RobotsMode {
  return `${isIndexable ? 'index' : 'noindex'}${isCrawler ? '-crawler' : ''}`
}

export function isIndexableMode(mode: RobotsMode): boolean {
  return mode === 'index' || mode === 'index-crawler'
}

export function isCrawlerMode(mode: unknown): boolean {
  return mode === 'index-crawler' || mode === 'noindex-crawler'
}
