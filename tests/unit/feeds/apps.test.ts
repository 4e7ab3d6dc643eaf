import { describe, expect, it } from 'vitest'

import { appsForProtocol, fillImportTemplate, importLink, importTemplateProblem, platformOf, platformsOf, subscriptionApps } from '@/lib/feeds/apps'
import type { ClientApp } from '@/lib/feeds/apps'
import { defaultClientApps } from '../../../migrations/data/20261124_client_apps'

const FEED = 'https://free.vpnkeys.example/api/feed/vless-de'

const app = (overrides: Partial<ClientApp>): ClientApp => ({
  id: 1,
  name: 'Happ',
  platform: 'android',
  protocols: ['vless', 'trojan', 'outline'],
  format: 'base64',
  importTemplate: 'happ://add/{url}',
  storeUrl: 'https://play.google.com/store/apps/details?id=com.happproxy',
  note: null,
  isRecommended: false,
  ...overrides,
})

describe('one-tap import links', () => {
  it('fills the URL as is, percent-encoded, as an Outline key, and the name', () => {
    const subscription = { url: `${FEED}/base64`, name: 'VPN ключи: VLESS, Германия' }
    expect(fillImportTemplate('happ://add/{url}', subscription)).toBe(`happ://add/${FEED}/base64`)
    expect(fillImportTemplate('v2rayng://install-config?url={urlEncoded}&name={name}', subscription)).toBe(
      `v2rayng://install-config?url=${encodeURIComponent(`${FEED}/base64`)}&name=${encodeURIComponent('VPN ключи: VLESS, Германия')}`,
    )
    expect(fillImportTemplate('{ssconf}', { url: `${FEED}/outline`, name: 'x' })).toBe('ssconf://free.vpnkeys.example/api/feed/vless-de/outline')
  })

  it('asks each app for its own format through the URL suffix, so the answer does not depend on the User-Agent', () => {
    expect(importLink(app({}), { url: FEED, name: 'n' })).toBe(`happ://add/${FEED}/base64`)
    expect(importLink(app({ format: 'singbox', importTemplate: 'sing-box://import-remote-profile?url={urlEncoded}#{name}' }), { url: FEED, name: 'VPN keys' })).toBe(
      `sing-box://import-remote-profile?url=${encodeURIComponent(`${FEED}/singbox`)}#VPN%20keys`,
    )
    expect(importLink(app({ format: 'outline', importTemplate: '{ssconf}' }), { url: FEED, name: 'n' })).toBe('ssconf://free.vpnkeys.example/api/feed/vless-de/outline')
    // No format or no template: store link only.
    expect(importLink(app({ format: null }), { url: FEED, name: 'n' })).toBeNull()
    expect(importLink(app({ importTemplate: null }), { url: FEED, name: 'n' })).toBeNull()
  })

  it.each([
    ['javascript:alert(document.cookie)//{url}', 'scheme'],
    ['JavaScript:alert(1)//{url}', 'scheme'],
    ['data:text/html,{url}', 'scheme'],
    ['vbscript:{url}', 'scheme'],
    ['{url}', 'scheme'],
    ['happ://add/', 'placeholder'],
    ['happ://add/{name}', 'placeholder'],
    ['happ://add/{url}', null],
    ['clash://install-config?url={urlEncoded}', null],
    ['{ssconf}', null],
  ] as const)('a template %s is %s', (template, problem) => {
    expect(importTemplateProblem(template)).toBe(problem)
    if (problem) expect(fillImportTemplate(template, { url: FEED, name: 'n' })).toBeNull()
  })

  it('every default app that reads subscriptions has a usable import link for its format', () => {
    for (const seeded of defaultClientApps) {
      const label = `${seeded.name} (${seeded.platform})`
      expect(seeded.storeUrl, label).toMatch(/^https:\/\//)
      if (!seeded.format) {
        expect(seeded.importTemplate, label).toBeUndefined()
        continue
      }
      expect(importTemplateProblem(seeded.importTemplate!, seeded.format), label).toBeNull()
      // An app that reads the address from a query parameter gets it percent-encoded; one that takes the rest of
      // the link gets it as is.
      if (/[?&]url=/.test(seeded.importTemplate!)) expect(seeded.importTemplate, label).toMatch(/[?&]url=\{urlEncoded\}/)
      const link = importLink(app({ format: seeded.format, importTemplate: seeded.importTemplate ?? null }), { url: FEED, name: 'VPN ключи' })!
      const address = `${FEED}/${seeded.format}`
      expect([address, encodeURIComponent(address), address.replace('https://', 'ssconf://')].some((form) => link.includes(form)), `${label}: ${link}`).toBe(true)
    }
    // Every platform offers at least one app that adds a subscription in one tap, and marks one as recommended
    // where Happ runs.
    for (const platform of ['android', 'ios', 'windows', 'macos', 'linux', 'androidtv'] as const) {
      expect(defaultClientApps.some((seeded) => seeded.platform === platform && seeded.importTemplate), platform).toBe(true)
    }
    expect(defaultClientApps.filter((seeded) => seeded.recommended).map((seeded) => seeded.platform).sort()).toEqual(['android', 'androidtv', 'ios', 'macos', 'windows'])
  })

  it('an Outline key goes only to an app that reads the Outline format', () => {
    expect(importTemplateProblem('{ssconf}', 'outline')).toBeNull()
    expect(importTemplateProblem('{ssconf}', 'base64')).toBe('ssconf')
    expect(importTemplateProblem('happ://add/{url}', 'base64')).toBeNull()
  })
})

describe('the visitor’s platform', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1', 'ios'],
    ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'ios'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36', 'android'],
    ['Mozilla/5.0 (Linux; Android 9; AFTMM Build/PS7233) AppleWebKit/537.36 Chrome/100.0 Safari/537.36', 'androidtv'],
    ['Mozilla/5.0 (Linux; Android 11; BRAVIA 4K VH2 Build/RTT2.220118.001) AppleWebKit/537.36', 'androidtv'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36', 'windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15', 'macos'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36', 'linux'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36', 'android'],
    ['curl/8.5.0', null],
    ['', null],
  ] as const)('%s → %s', (userAgent, platform) => {
    expect(platformOf(userAgent)).toBe(platform)
  })
})

describe('which apps a list shows', () => {
  const apps = [
    app({ id: 1, name: 'Happ', platform: 'ios' }),
    app({ id: 2, name: 'Outline', platform: 'android', protocols: ['outline'], format: 'outline', importTemplate: '{ssconf}' }),
    app({ id: 3, name: 'WireGuard', platform: 'windows', protocols: ['wireguard'], format: null, importTemplate: null }),
    app({ id: 4, name: 'v2rayN', platform: 'windows', format: null, importTemplate: null }),
  ]

  it('a subscription lists the apps that import it; a key lists the apps that open its protocol', () => {
    expect(subscriptionApps(apps, ['vless']).map((entry) => entry.name)).toEqual(['Happ'])
    expect(subscriptionApps(apps, ['outline']).map((entry) => entry.name)).toEqual(['Happ', 'Outline'])
    expect(appsForProtocol(apps, 'vless').map((entry) => entry.name)).toEqual(['Happ', 'v2rayN'])
    expect(appsForProtocol(apps, 'wireguard').map((entry) => entry.name)).toEqual(['WireGuard'])
  })

  it('platform tabs come in the site’s order, only where there are apps', () => {
    expect(platformsOf(apps)).toEqual(['android', 'ios', 'windows'])
    expect(platformsOf([])).toEqual([])
  })
})
