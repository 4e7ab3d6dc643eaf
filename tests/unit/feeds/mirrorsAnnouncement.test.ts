import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { ANNOUNCE_MAX_LENGTH, mirrorsAnnouncement } from '@/lib/feeds/personalAnswer'

const text = (hosts: string) => `Если сайт не открывается, он работает по адресам: ${hosts}`

describe('the mirrors in the line apps show', () => {
  it('names the mirrors other than the host the app polls', () => {
    const site = { origin: 'https://free.vpn.example', mirrors: ['vpn-mirror.example', 'keys.mirror.example'] }
    expect(mirrorsAnnouncement(site, text)).toBe(text('vpn-mirror.example, keys.mirror.example'))
    expect(mirrorsAnnouncement({ ...site, origin: 'https://vpn-mirror.example' }, text)).toBe(text('keys.mirror.example'))
    expect(mirrorsAnnouncement({ origin: 'https://vpn-mirror.example', mirrors: ['vpn-mirror.example'] }, text)).toBeNull()
    expect(mirrorsAnnouncement({ origin: 'https://free.vpn.example', mirrors: [] }, text)).toBeNull()
  })

  it('never exceeds what the strictest app shows, keeping as many mirrors as fit, in the operator’s order', () => {
    const name = fc.domain({ size: 'medium' })
    fc.assert(
      fc.property(fc.uniqueArray(name, { maxLength: 8 }), (mirrors) => {
        const line = mirrorsAnnouncement({ origin: 'https://free.vpn.example', mirrors }, text)
        if (line === null) {
          expect(mirrors.length === 0 || text(mirrors[0]!).length > ANNOUNCE_MAX_LENGTH).toBe(true)
          return
        }
        expect(line.length).toBeLessThanOrEqual(ANNOUNCE_MAX_LENGTH)
        const named = line.slice(text('').length).split(', ')
        expect(named).toEqual(mirrors.slice(0, named.length))
      }),
      { numRuns: 500 },
    )
  })
})
