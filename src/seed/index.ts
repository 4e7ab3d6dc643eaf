// The demo seed: creates what is missing and never overwrites or duplicates what exists.
import type { Payload, PayloadRequest } from 'payload'
import { createLocalReq } from 'payload'

import { env } from '@/lib/env'
import { generateRealityKeyPair, generateShortId, generateWireguardKeyPair } from '@/lib/keys'
import type { Protocol } from '@/lib/keys'
import { DEMO_DEFAULT_PORTS, demoServerOf, issueDemoKey } from '@/lib/provisioning/adapters/demo/demo'
import type { DemoServer } from '@/lib/provisioning/adapters/demo/demo'
import { DEMO_OPENVPN_CA } from '@/lib/provisioning/adapters/demo/pki'
import { DEFAULT_APP_RULES } from '@/lib/feeds/appRules'
import { DEFAULT_DEVICE_LIMIT } from '@/lib/feeds/devices'
import { fillDemoProbeNetwork } from '@/lib/probes/demo'
import type { Server } from '@/payload-types'

import { DEMO_ACCOUNTS, demoSeedRefusal } from './accounts'
import { COUNTRY_CODES, countryName } from './data/countries'
import { PAGES } from './data/pages'
import { seedServers } from './data/servers'
import { seedSettings } from './data/settings'
import { TRIAL_DAYS, TRIAL_FEE_KOPECKS, seedTariffs, tariffFeatures } from './data/tariffs'
import { toLexical } from './lexical'

const KEYS_PER_PROTOCOL = 2

type Ctx = { payload: Payload; req: PayloadRequest; log: (line: string) => void }

async function seedCountries({ payload, req }: Ctx): Promise<Map<string, number>> {
  const existing = await payload.find({ collection: 'countries', pagination: false, depth: 0, req, select: { code: true } })
  const ids = new Map(existing.docs.map((doc) => [doc.code, doc.id]))
  for (const code of COUNTRY_CODES) {
    if (ids.has(code)) continue
    const created = await payload.create({ collection: 'countries', locale: 'ru', data: { code, name: countryName(code, 'ru') }, req })
    await payload.update({ collection: 'countries', id: created.id, locale: 'en', data: { name: countryName(code, 'en') }, req })
    ids.set(code, created.id)
  }
  return ids
}

async function seedServersAndKeys(ctx: Ctx, countryIds: Map<string, number>): Promise<void> {
  const { payload, req } = ctx
  const now = new Date()
  for (const [serverIndex, server] of seedServers.entries()) {
    const country = countryIds.get(server.countryCode)
    if (country === undefined) throw new Error(`Unknown country ${server.countryCode} in the seed`)
    const found = await payload.find({ collection: 'servers', where: { name: { equals: server.name } }, limit: 1, depth: 0, req })
    const serverDoc =
      found.docs[0] ??
      (await payload.create({
        collection: 'servers',
        req,
        data: {
          name: server.name,
          country,
          hosting: server.hosting,
          host: server.host,
          tier: server.tier,
          enabled: true,
          adapter: 'demo',
          protocols: server.protocols.map((protocol) => ({
            protocol,
            port: DEMO_DEFAULT_PORTS[protocol],
            freeKeys: KEYS_PER_PROTOCOL,
            publicParams: demoPublicParams(protocol, server.host),
          })),
        },
      }))
    if (server.tier !== 'free') continue
    const hasKeys = await payload.count({ collection: 'keys', where: { server: { equals: serverDoc.id } }, req })
    if (hasKeys.totalDocs > 0) continue
    for (const [protocolIndex, protocol] of server.protocols.entries()) {
      for (let ordinal = 0; ordinal < KEYS_PER_PROTOCOL; ordinal += 1) {
        await createDemoKey(ctx, {
          serverId: serverDoc.id,
          server: demoServerOf(serverDoc, server.countryCode, protocol),
          protocol,
          now,
          spread: serverIndex * 7 + protocolIndex * 5 + ordinal * 11,
        })
      }
    }
  }
}

/** What a real server of each protocol publishes: reality keys, SNI, WireGuard key, OpenVPN CA. */
function demoPublicParams(protocol: Protocol, host: string): NonNullable<Server['protocols']>[number]['publicParams'] {
  switch (protocol) {
    case 'vless':
      return {
        transport: 'tcp',
        security: 'reality',
        sni: 'www.microsoft.com',
        realityPublicKey: generateRealityKeyPair().publicKey,
        realityShortId: generateShortId(),
      }
    case 'trojan':
      return { transport: 'tcp', security: 'tls', sni: host }
    case 'wireguard':
      return { transport: 'udp', wireguardPublicKey: generateWireguardKeyPair().publicKey }
    case 'openvpn':
      return { transport: 'udp', openvpnCa: DEMO_OPENVPN_CA }
    case 'outline':
    case 'sstp':
    case 'hysteria2':
      return {}
  }
}


async function createDemoKey(
  { payload, req }: Ctx,
  input: { serverId: number; server: DemoServer; protocol: Protocol; now: Date; spread: number },
): Promise<void> {
  // Spread lifetimes over the day so the table shows varied hours left; some SSTP keys are unlimited.
  const lifetimeHours = input.protocol === 'sstp' && input.spread % 9 === 0 ? null : 1 + (input.spread % 24)
  const issued = issueDemoKey({
    server: input.server,
    protocol: input.protocol,
    lifetimeHours,
    now: input.now,
  })
  await payload.create({
    collection: 'keys',
    req,
    data: {
      server: input.serverId,
      protocol: input.protocol,
      tier: 'free',
      keyString: issued.keyString,
      configFile: issued.configFile ?? undefined,
      connection: issued.connection ?? undefined,
      expiresAt: issued.expiresAt?.toISOString() ?? null,
      providerRef: issued.providerRef,
    },
  })
}

async function seedTariffsData({ payload, req }: Ctx): Promise<void> {
  for (const tariff of seedTariffs) {
    const found = await payload.find({ collection: 'tariffs', where: { months: { equals: tariff.months } }, limit: 1, req })
    if (found.docs[0]) continue
    const created = await payload.create({
      collection: 'tariffs',
      locale: 'ru',
      req,
      data: {
        name: tariff.name.ru,
        months: tariff.months,
        priceKopecks: tariff.priceKopecks,
        starsPrice: tariff.starsPrice,
        trialDays: TRIAL_DAYS,
        trialFeeKopecks: TRIAL_FEE_KOPECKS,
        deviceLimit: DEFAULT_DEVICE_LIMIT,
        order: tariff.order,
        active: true,
        features: tariffFeatures.ru.map((text) => ({ text })),
      },
    })
    await payload.update({
      collection: 'tariffs',
      id: created.id,
      locale: 'en',
      req,
      data: { name: tariff.name.en, features: tariffFeatures.en.map((text) => ({ text })) },
    })
  }
}

async function seedPages({ payload, req }: Ctx): Promise<void> {
  for (const page of PAGES) {
    const found = await payload.find({ collection: 'pages', where: { slug: { equals: page.slug } }, limit: 1, draft: true, req })
    if (found.docs[0]) continue
    const created = await payload.create({
      collection: 'pages',
      locale: 'ru',
      req,
      data: { slug: page.slug, title: page.title.ru, content: toLexical(page.body.ru), _status: 'published' },
    })
    await payload.update({
      collection: 'pages',
      id: created.id,
      locale: 'en',
      req,
      data: { title: page.title.en, content: toLexical(page.body.en), _status: 'published' },
    })
  }
}

async function seedSiteSettings({ payload, req }: Ctx): Promise<void> {
  // Saved once, by an editor or an earlier seed (a never-saved global reads its defaults, the site name among them).
  const current = await payload.findGlobal({ slug: 'site-settings', depth: 0, select: { updatedAt: true }, req })
  if (current.updatedAt) return
  await payload.updateGlobal({
    slug: 'site-settings',
    locale: 'ru',
    req,
    data: {
      siteName: seedSettings.siteName.ru,
      supportEmail: seedSettings.supportEmail,
      claimedKeys: seedSettings.claimedKeys,
      claimedCountries: seedSettings.claimedCountries,
      rating: seedSettings.rating,
      cancelDiscountPercent: seedSettings.cancelDiscountPercent,
      trialBanner: { enabled: true, text: seedSettings.trialBanner.ru },
      // What the subscription answers each app: the built-in families, editable in Site settings → Apps.
      appRules: DEFAULT_APP_RULES.map((rule) => ({ ...rule })),
    },
  })
  await payload.updateGlobal({
    slug: 'site-settings',
    locale: 'en',
    req,
    data: { siteName: seedSettings.siteName.en, trialBanner: { text: seedSettings.trialBanner.en } },
  })
}

async function seedAccounts({ payload, req }: Ctx): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const found = await payload.find({ collection: 'users', where: { email: { equals: account.email } }, limit: 1, req })
    if (found.docs[0]) continue
    await payload.create({
      collection: 'users',
      req,
      data: { email: account.email, password: account.password, role: account.role, emailVerified: true, locale: 'ru' },
    })
  }
}

/**
 * What every install has from its first start, production included (scripts/prepare.ts, after the migrations): the
 * countries (ISO reference data, in Russian and English, into an empty list) and the legal pages every form links to,
 * as editable texts. Only what is missing is added: an editor's text is never overwritten, and a legal page missing
 * comes back at the next start, because the forms promise it (the admin refuses to delete one).
 */
export async function ensureEssentials(payload: Payload): Promise<void> {
  const req = await createLocalReq({ context: { disableRevalidate: true } }, payload)
  const ctx: Ctx = { payload, req, log: () => undefined }
  // The countries once, into an empty list: editors may remove or rename them afterwards.
  if ((await payload.count({ collection: 'countries', req })).totalDocs === 0) await seedCountries(ctx)
  await seedPages(ctx)
}

/**
 * The demo content. Refused in production whatever command calls it (`npm run seed`, a start, a script): its accounts'
 * passwords are in the README.
 */
export async function seed(payload: Payload, log: (line: string) => void = console.info, environment: { isStrictProduction: boolean } = env()): Promise<void> {
  const refusal = demoSeedRefusal(environment)
  if (refusal) throw new Error(refusal)
  const req = await createLocalReq({ context: { disableRevalidate: true } }, payload)
  const ctx: Ctx = { payload, req, log }
  log('[seed] countries')
  const countryIds = await seedCountries(ctx)
  log('[seed] servers and keys')
  await seedServersAndKeys(ctx, countryIds)
  log('[seed] tariffs, pages, settings, accounts')
  await seedTariffsData(ctx)
  await seedPages(ctx)
  await seedSiteSettings(ctx)
  await seedAccounts(ctx)
  log('[seed] the demo probe network')
  await fillDemoProbeNetwork(payload, new Date(), true)
  log('[seed] done')
}

/** True when the database holds no content yet (first start). */
export async function isDatabaseEmpty(payload: Payload): Promise<boolean> {
  const [countries, users] = await Promise.all([
    payload.count({ collection: 'countries' }),
    payload.count({ collection: 'users' }),
  ])
  return countries.totalDocs === 0 && users.totalDocs === 0
}
