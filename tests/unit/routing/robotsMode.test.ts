import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { isCrawlerMode, isIndexableMode, isRobotsMode, MAX_MIRROR_MODES, mirrorOfMode, robotsMode } from '@/lib/seo/robots'

describe('robots modes of the internal route', () => {
  it('gives a mirror modes of its own, never indexable, with crawlers apart', () => {
    expect(robotsMode({ isIndexable: false, isCrawler: false, mirror: 3 })).toBe('mirror-3')
    expect(robotsMode({ isIndexable: true, isCrawler: true, mirror: 0 })).toBe('mirror-0-crawler')
    expect(isIndexableMode('mirror-0')).toBe(false)
    expect(isCrawlerMode('mirror-0-crawler')).toBe(true)
    expect(isCrawlerMode('mirror-0')).toBe(false)
    expect(mirrorOfMode('mirror-12-crawler')).toBe(12)
    expect(mirrorOfMode('noindex')).toBeNull()
  })

  it('bounds the modes there can be: no made-up segment names a page variant', () => {
    expect(robotsMode({ isIndexable: false, isCrawler: false, mirror: MAX_MIRROR_MODES })).toBe('noindex')
    for (const wrong of ['mirror-', 'mirror-01', 'mirror-20', 'mirror-1-crawler-crawler', 'mirror--1', 'Mirror-1', 'mirror-1 ']) {
      expect(isRobotsMode(wrong), wrong).toBe(false)
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (segment) => {
        if (!isRobotsMode(segment)) return
        const mirror = mirrorOfMode(segment)
        const again = robotsMode({ isIndexable: isIndexableMode(segment), isCrawler: isCrawlerMode(segment), mirror })
        expect(again).toBe(segment)
      }),
    )
  })
})
