import { describe, expect, it } from 'vitest'

import { redirectLocation } from '@/lib/routing/redirectLocation'

const site = { serverUrl: 'https://free.keys.example', ownHosts: ['keys.example', 'free.keys.example'] }

describe('redirectLocation', () => {
  it('builds same-host redirects on SERVER_URL, whatever Host or X-Forwarded-Host the request carried', () => {
    for (const requestedHost of ['localhost:3000', '127.0.0.1:3999', 'evil.example', null, 'free.keys.example']) {
      expect(redirectLocation({ ...site, location: '/vless?show=20', requestedHost })).toBe('https://free.keys.example/vless?show=20')
    }
  })

  it('keeps a redirect on the production host for the bots allowed there, with SERVER_URL’s scheme', () => {
    expect(redirectLocation({ ...site, location: '/de', requestedHost: 'KEYS.example' })).toBe('https://keys.example/de')
  })

  it('keeps SERVER_URL’s port when a proxy passes the host without it', () => {
    const local = { serverUrl: 'http://free.vpnkeys.test:3100', ownHosts: ['vpnkeys.test', 'free.vpnkeys.test'] }
    expect(redirectLocation({ ...local, location: '/de', requestedHost: 'free.vpnkeys.test' })).toBe('http://free.vpnkeys.test:3100/de')
  })

  it('sends the host rule to the free-keys host as SERVER_URL names it (port included)', () => {
    const local = { serverUrl: 'http://free.vpnkeys.test:3100', ownHosts: ['vpnkeys.test', 'free.vpnkeys.test'] }
    expect(redirectLocation({ ...local, location: '/en?x=1', toHost: 'free.vpnkeys.test', requestedHost: 'vpnkeys.test' })).toBe(
      'http://free.vpnkeys.test:3100/en?x=1',
    )
    const twoHosts = { serverUrl: 'https://keys.example', ownHosts: ['keys.example', 'other.example'] }
    expect(redirectLocation({ ...twoHosts, location: '/de', toHost: 'other.example', requestedHost: 'keys.example' })).toBe('https://other.example/de')
  })

  it('never leaves the site, whatever the path holds or the host rule names', () => {
    for (const location of ['//evil.com', '//evil%2Ecom', '/\\evil.com', '\\\\evil.com', '///16843009', 'evil.com']) {
      expect(new URL(redirectLocation({ ...site, location, requestedHost: 'free.keys.example' })).host).toBe('free.keys.example')
    }
    expect(redirectLocation({ ...site, location: '/de', toHost: 'evil.com', requestedHost: 'keys.example' })).toBe('https://free.keys.example/de')
  })
})
