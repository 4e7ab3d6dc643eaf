import { describe, expect, it } from 'vitest'

import { siteHostsOf } from '@/lib/http/siteHosts'
import { redirectLocation } from '@/lib/routing/redirectLocation'

const site = { hosts: siteHostsOf({ serverUrl: 'https://free.keys.example', productionHost: 'keys.example', freeKeysHost: 'free.keys.example', mirrorHosts: ['keys-mirror.example'] }) }
const local = { hosts: siteHostsOf({ serverUrl: 'http://free.vpnkeys.test:3100', productionHost: 'vpnkeys.test', freeKeysHost: 'free.vpnkeys.test' }) }

describe('redirectLocation', () => {
  it('builds same-host redirects on SERVER_URL, whatever Host or X-Forwarded-Host the request carried', () => {
    for (const requestedHost of ['localhost:3000', '127.0.0.1:3999', 'evil.example', null, 'free.keys.example', 'keys-mirror.example.evil.example']) {
      expect(redirectLocation({ ...site, location: '/vless?show=20', requestedHost })).toBe('https://free.keys.example/vless?show=20')
    }
  })

  it('keeps a redirect on the production host for the bots allowed there, with SERVER_URL’s scheme', () => {
    expect(redirectLocation({ ...site, location: '/de', requestedHost: 'KEYS.example' })).toBe('https://keys.example/de')
  })

  it('keeps a redirect on a mirror, with SERVER_URL’s scheme and port, whatever port the request named', () => {
    expect(redirectLocation({ ...site, location: '/de', requestedHost: 'Keys-Mirror.example.' })).toBe('https://keys-mirror.example/de')
    expect(redirectLocation({ ...site, location: '/de', requestedHost: 'keys-mirror.example:8080' })).toBe('https://keys-mirror.example/de')
  })

  it('keeps SERVER_URL’s port when a proxy passes the host without it', () => {
    expect(redirectLocation({ ...local, location: '/de', requestedHost: 'free.vpnkeys.test' })).toBe('http://free.vpnkeys.test:3100/de')
    expect(redirectLocation({ ...local, location: '/de', requestedHost: 'vpnkeys.test:3100' })).toBe('http://vpnkeys.test:3100/de')
  })

  it('sends the host rule to the free-keys host as SERVER_URL names it (port included)', () => {
    expect(redirectLocation({ ...local, location: '/en?x=1', toHost: 'free.vpnkeys.test', requestedHost: 'vpnkeys.test' })).toBe(
      'http://free.vpnkeys.test:3100/en?x=1',
    )
    const twoHosts = { hosts: siteHostsOf({ serverUrl: 'https://keys.example', productionHost: 'keys.example', freeKeysHost: 'other.example' }) }
    expect(redirectLocation({ ...twoHosts, location: '/de', toHost: 'other.example', requestedHost: 'keys.example' })).toBe('https://other.example/de')
  })

  it('never leaves the site, whatever the path holds or the host rule names', () => {
    for (const location of ['//evil.com', '//evil%2Ecom', '/\\evil.com', '\\\\evil.com', '///16843009', 'evil.com']) {
      expect(new URL(redirectLocation({ ...site, location, requestedHost: 'free.keys.example' })).host).toBe('free.keys.example')
    }
    expect(redirectLocation({ ...site, location: '/de', toHost: 'evil.com', requestedHost: 'keys.example' })).toBe('https://free.keys.example/de')
  })
})
