import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env'
import { canonicalOrigin, mirrorIndexOf, mirrorOrigins, ownHostName, ownOrigins, requestedHost, requestOriginOf, siteHostsOf } from '@/lib/http/siteHosts'

const hosts = siteHostsOf({
  serverUrl: 'https://free.vpn.example',
  productionHost: 'VPN.example',
  freeKeysHost: 'free.vpn.example',
  mirrorHosts: ['vpn-mirror.example', 'VPN-MIRROR.example', 'free.vpn.example', 'keys.mirror.example'],
})

describe('the site’s own hosts, decided by name in one place', () => {
  it('knows every own host by name, whatever case, port or trailing dot a request writes', () => {
    for (const host of ['free.vpn.example', 'FREE.vpn.example:443', 'vpn.example.', 'vpn-mirror.example:8443', 'Keys.Mirror.Example']) {
      expect(ownHostName(hosts, host), host).not.toBeNull()
    }
    for (const host of ['evil.example', 'vpn-mirror.example.evil.example', 'evil-vpn.example', '', null, undefined, 'vpn.example@evil.example']) {
      expect(ownHostName(hosts, host), String(host)).toBeNull()
    }
  })

  it('lists each mirror once, and never one of the main hosts as a mirror', () => {
    expect(hosts.mirrors).toEqual(['vpn-mirror.example', 'keys.mirror.example'])
    expect(mirrorOrigins(hosts)).toEqual(['https://vpn-mirror.example', 'https://keys.mirror.example'])
    expect(mirrorIndexOf(hosts, 'KEYS.mirror.example.:8443')).toBe(1)
    expect(mirrorIndexOf(hosts, 'free.vpn.example')).toBeNull()
    expect(mirrorIndexOf(hosts, 'vpn-mirror.example.evil.example')).toBeNull()
  })

  it('answers a request on its own host with SERVER_URL’s scheme and port, anything else on SERVER_URL', () => {
    const local = siteHostsOf({ serverUrl: 'http://free.vpnkeys.test:3100', mirrorHosts: ['vpnkeys-mirror.test'] })
    expect(requestOriginOf(local, 'vpnkeys-mirror.test:9999')).toBe('http://vpnkeys-mirror.test:3100')
    expect(requestOriginOf(local, 'FREE.vpnkeys.test')).toBe('http://free.vpnkeys.test:3100')
    expect(requestOriginOf(local, 'localhost:3000')).toBe('http://free.vpnkeys.test:3100')
    expect(requestOriginOf(hosts, 'vpn.example')).toBe('https://vpn.example')
    // IPv6 literals are never the site's own names: SERVER_URL.
    expect(requestOriginOf(hosts, '[::1]:443')).toBe('https://free.vpn.example')
    expect(requestOriginOf(hosts, '::1')).toBe('https://free.vpn.example')
  })

  it('points canonical links at the production host when there is one, else at SERVER_URL', () => {
    expect(canonicalOrigin(hosts)).toBe('https://vpn.example')
    expect(canonicalOrigin(siteHostsOf({ serverUrl: 'https://keys.example/', mirrorHosts: ['m.example'] }))).toBe('https://keys.example')
  })

  it('accepts forms from every own origin and no other', () => {
    expect(ownOrigins(hosts).sort()).toEqual(['https://free.vpn.example', 'https://keys.mirror.example', 'https://vpn-mirror.example', 'https://vpn.example'])
  })

  it('reads the host a proxy forwarded before the Host header', () => {
    const headers = new Headers({ host: 'localhost:3000', 'x-forwarded-host': 'vpn-mirror.example, proxy.internal' })
    expect(requestedHost((name) => headers.get(name))).toBe('vpn-mirror.example')
    expect(requestedHost((name) => new Headers({ host: 'vpn.example' }).get(name))).toBe('vpn.example')
  })

  it('gives any Host a client writes an own origin, never one it made up', () => {
    const origins = new Set([...ownOrigins(hosts), hosts.origin])
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40 }), fc.domain(), fc.constantFrom(...hosts.mirrors).map((name) => `${name}.evil.example`)), (host) => {
        expect(origins.has(requestOriginOf(hosts, host)), host).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('MIRROR_HOSTS and the host checks of the environment', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://u:p@db/vpnkeys',
    PAYLOAD_SECRET: 'x'.repeat(40),
    SMTP_URL: 'smtp://mail:25',
  }

  it('reads mirrors separated by commas or spaces, by name', () => {
    const env = parseEnv({ ...production, SERVER_URL: 'https://free.vpn.example', MIRROR_HOSTS: ' VPN-Mirror.example, keys.mirror.example  third.example ' })
    expect(env.hosts.mirrors).toEqual(['vpn-mirror.example', 'keys.mirror.example', 'third.example'])
    expect(parseEnv({ ...production, SERVER_URL: 'https://free.vpn.example', MIRROR_HOSTS: '' }).hosts.mirrors).toEqual([])
  })

  it('refuses a mirror that is not a host name, naming it', () => {
    for (const wrong of ['https://mirror.example', 'mirror.example/path', 'evil.example@mirror.example', '-bad.example']) {
      expect(() => parseEnv({ ...production, SERVER_URL: 'https://free.vpn.example', MIRROR_HOSTS: wrong }), wrong).toThrow(/MIRROR_HOSTS/)
    }
  })

  it('refuses more mirrors than have pages of their own', () => {
    const many = Array.from({ length: 21 }, (_, index) => `m${index}.example`).join(',')
    expect(() => parseEnv({ ...production, SERVER_URL: 'https://free.vpn.example', MIRROR_HOSTS: many })).toThrow(/MIRROR_HOSTS names 21 hosts; at most 20/)
  })

  it('compares SERVER_URL with the free-keys host by name: a port in SERVER_URL is SERVER_URL’s to say', () => {
    const env = parseEnv({ ...production, SERVER_URL: 'https://free.keys.test:4100', FREE_KEYS_HOST: 'free.keys.test', PRODUCTION_HOST: 'keys.test' })
    expect(env.hosts).toMatchObject({ origin: 'https://free.keys.test:4100', main: 'free.keys.test', freeKeys: 'free.keys.test', production: 'keys.test' })
  })
})
