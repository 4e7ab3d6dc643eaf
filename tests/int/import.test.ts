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
    const report = await importKeys(payload, {
      serverId: server.id,
      text: [
        'vless://0f6c3b2a-6c3e-4f6e-9d5e-1a2b3c4d5e6f@198.51.100.9:443?encryption=none&security=tls&sni=example.com&type=tcp#PL',
        'trojan://secret@198.51.100.9:8443?security=tls&type=tcp#PL',
        'garbage',
      ].join('\n'),
      files: [{ name: 'pl.conf', content: wg }],
      expiresInHours: 24,
      language: 'ru',
    })
    expect(report).toEqual({
      created: 2,
      rejected: [
        { source: '3: garbage', reason: 'это не ссылка ключа' },
        { source: '2: trojan://secret@198.51.100.9:8443?security=tls&type=tcp#PL', reason: 'сервер не предлагает этот протокол (добавьте его в настройках сервера)' },
      ],
    })
    // Visitors see them as current free keys of the server's country.
    const visible = await payload.find({ collection: 'keys', where: { server: { equals: server.id } }, overrideAccess: false, depth: 0 })
    expect(visible.docs.map((key) => key.protocol).sort()).toEqual(['vless', 'wireguard'])
    expect(visible.docs.every((key) => key.country === country.id && key.tier === 'free' && Date.parse(key.expiresAt!) > Date.now())).toBe(true)
    expect((await importKeys(payload, { serverId: 99_999_999, text: '', expiresInHours: 24, language: 'en' }))).toBeNull()
  })
})
