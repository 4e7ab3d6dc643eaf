// The bulk import for manual servers against real PostgreSQL: keys created, refusals explained.
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { buildWireguardConfig, generateWireguardKeyPair } from '@/lib/keys'

import { testPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await testPayload()
})

describe('bulk import for a manual server', () => {
  it('creates free keys from links and files the server offers, and explains every refusal in the editor’s language', async () => {
    const country = (await payload.find({ collection: 'countries', where: { code: { equals: 'pl' } }, limit: 1, depth: 0 })).docs[0]!
    const server = await payload.create({
      collection: 'servers',
      data: {
        name: `PL-manual-${Date.now()}`,
        country: country.id,
        hosting: 'OVH',
        host: '198.51.100.9',
        tier: 'free',
        enabled: true,
        adapter: 'manual',
        protocols: [
          { protocol: 'vless', port: 443, freeKeys: 0 },
          { protocol: 'wireguard', port: 51820, freeKeys: 0 },
        ],
      },
    })
    const wg = buildWireguardConfig({
      privateKey: generateWireguardKeyPair().privateKey,
      addresses: ['10.66.0.2/32'],
      peer: { publicKey: generateWireguardKeyPair().publicKey, endpointHost: '198.51.100.9', endpointPort: 51820 },
    })
    const { importKeys } = await import('@/lib/provisioning/manualImport')
    const { adminTranslator } = await import('@/lib/admin/adminMessages')
    const until = new Date(Date.now() + 24 * 3_600_000)
    const vless = 'vless://0f6c3b2a-6c3e-4f6e-9d5e-1a2b3c4d5e6f@198.51.100.9:443?encryption=none&security=tls&sni=example.com&type=tcp#PL'
    const report = await importKeys(
      payload,
      {
        serverId: server.id,
        text: [vless, 'trojan://secret@198.51.100.9:8443?security=tls&type=tcp#PL', 'garbage', 'vless://0f6c3b2a-6c3e-4f6e-9d5e-1a2b3c4d5e6f@198.51.100.9:443?type=tcp&security=bogus'].join('\n'),
        files: [{ name: 'pl.conf', content: wg }],
        expiresAt: until,
        acceptOtherHost: false,
      },
      adminTranslator('ru'),
    )
    expect(report).toEqual({
      created: 2,
      rejected: [
        { source: '3: garbage', reason: 'это не ссылка ключа' },
        // No parser jargon (unsupported_security): what is wrong and what to do.
        { source: expect.stringMatching(/^4: /), reason: 'настройки соединения в ссылке неполные или необычные: скопируйте ссылку заново из панели сервера' },
        { source: '2: trojan://secret@198.51.100.9:8443?security=tls&type=tcp#PL', reason: 'у сервера нет протокола Trojan: добавьте его в карточке сервера (Протоколы) и повторите импорт' },
      ],
    })
    // Visitors see them as current free keys of the server's country, until the chosen moment.
    const visible = await payload.find({ collection: 'keys', where: { server: { equals: server.id } }, overrideAccess: false, depth: 0 })
    expect(visible.docs.map((key) => key.protocol).sort()).toEqual(['vless', 'wireguard'])
    expect(visible.docs.every((key) => key.country === country.id && key.tier === 'free' && key.expiresAt === until.toISOString())).toBe(true)
    const vlessId = visible.docs.find((key) => key.protocol === 'vless')!.id

    // Importing the same keys again adds nothing and says where they already are; a key of another address
    // is refused unless the editor accepts it; without an end date the keys stay until removed.
    const otherHost = 'vless://1f6c3b2a-6c3e-4f6e-9d5e-1a2b3c4d5e6f@cdn.example.net:443?encryption=none&security=tls&sni=cdn.example.net&type=ws&path=%2Fws#PL'
    const again = await importKeys(payload, { serverId: server.id, text: `${vless}\n${otherHost}`, files: [{ name: 'again.conf', content: wg }], expiresAt: null, acceptOtherHost: false }, adminTranslator('en'))
    expect(again).toEqual({
      created: 0,
      rejected: [
        { source: expect.stringMatching(/^1: vless:/), reason: `this key is already on the site (key no. ${vlessId})` },
        {
          source: expect.stringMatching(/^2: vless:/),
          reason: 'the key leads to cdn.example.net but the server’s address is 198.51.100.9: it looks like another server’s key. If that is intended, tick “Accept keys with another address” and import again',
        },
        { source: 'again.conf', reason: expect.stringMatching(/^this key is already on the site \(key no\. \d+\)$/) },
      ],
    })
    const accepted = await importKeys(payload, { serverId: server.id, text: otherHost, expiresAt: null, acceptOtherHost: true }, adminTranslator('en'))
    expect(accepted).toEqual({ created: 1, rejected: [] })
    const kept = await payload.find({ collection: 'keys', where: { keyString: { equals: otherHost } }, depth: 0 })
    expect(kept.docs.map((key) => key.expiresAt ?? null)).toEqual([null])
    expect(await importKeys(payload, { serverId: 99_999_999, text: '', expiresAt: null, acceptOtherHost: false }, adminTranslator('en'))).toBeNull()

    // Hysteria 2 is subscribers' only: a line of it is read, and refused with why, in either language.
    const hysteria = 'hysteria2://s3cret@198.51.100.9:8444/?sni=example.com#PL'
    expect(await importKeys(payload, { serverId: server.id, text: hysteria, expiresAt: null, acceptOtherHost: false }, adminTranslator('en'))).toEqual({
      created: 0,
      rejected: [{ source: `1: ${hysteria}`, reason: 'Hysteria2 is for subscribers only: the free lists do not show it, a VIP server issues its keys' }],
    })
    expect((await importKeys(payload, { serverId: server.id, text: hysteria, expiresAt: null, acceptOtherHost: false }, adminTranslator('ru')))?.rejected[0]?.reason).toBe(
      'Hysteria2 — только для подписчиков: бесплатные списки его не показывают, ключи выдаёт VIP-сервер',
    )
  })

  it('lets only a VIP server offer Hysteria2, and only a VIP key be one, saying why on the field', async () => {
    const country = (await payload.find({ collection: 'countries', where: { code: { equals: 'pl' } }, limit: 1, depth: 0 })).docs[0]!
    const data = { name: `PL-hy2-${Date.now()}`, country: country.id, hosting: 'OVH', host: '198.51.100.10', enabled: true, adapter: 'manual' as const, protocols: [{ protocol: 'hysteria2' as const, port: 8444, freeKeys: 0 }] }
    const { adminTranslator } = await import('@/lib/admin/adminMessages')
    await expect(payload.create({ collection: 'servers', data: { ...data, tier: 'free' } })).rejects.toThrow()
    // Said on the field, in the admin's language (Russian here: the request names no other).
    const refusal = await payload.create({ collection: 'servers', data: { ...data, tier: 'free' } }).catch((error: unknown) => JSON.stringify((error as { data?: unknown }).data))
    expect(refusal).toContain('"path":"protocols.0.protocol"')
    expect(refusal).toContain(adminTranslator('ru')('vipOnlyProtocol'))
    const vip = await payload.create({ collection: 'servers', data: { ...data, name: `${data.name}-vip`, tier: 'vip' } })
    const key = { server: vip.id, country: country.id, protocol: 'hysteria2' as const, keyString: 'hysteria2://s3cret@198.51.100.10:8444/?sni=example.com#PL' }
    await expect(payload.create({ collection: 'keys', data: { ...key, tier: 'free' } })).rejects.toThrow()
    const made = await payload.create({ collection: 'keys', data: { ...key, tier: 'vip' } })
    expect(made).toMatchObject({ protocol: 'hysteria2', tier: 'vip' })
    await payload.delete({ collection: 'keys', id: made.id })
    await payload.delete({ collection: 'servers', id: vip.id })
  })
})
