// Device keys and the subscription URL of a subscriber, through the real route handlers and PostgreSQL,
// with the subscription bought on the Stripe double.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { isNoticeLink } from '@/lib/feeds/notice'
import { parseShareLink } from '@/lib/keys'

import * as billing from '../helpers/billing'
import type { BillingWorld } from '../helpers/billing'
import { readFeedBody } from '../helpers/feedBody'
import { hasCommands } from '../helpers/processes'
import { INT_MIRROR_HOST, INT_SERVER_URL } from '../helpers/intGlobalSetup'

// Next's data cache lives only inside Next's server: here its cached readers (the routing profile's settings) read
// each time, so a test sees what it just saved.
vi.mock('next/cache', async (original) => ({ ...(await original<object>()), unstable_cache: <T>(reader: T) => reader }))

/** Subscribers' polls answered without keys so far in this worker, for one reason (the operator's metric). */
async function unservedCount(reason: string): Promise<number> {
  const { metrics } = await import('@/lib/metrics/metrics')
  const { values } = await metrics().subscriptionUnserved.get()
  return values.filter((entry) => entry.labels.reason === reason).reduce((sum, entry) => sum + entry.value, 0)
}

let world: BillingWorld

beforeAll(async () => {
  world = await billing.startBillingWorld()
})

afterAll(async () => {
  await world.close()
})

async function cookieFor(userId: number): Promise<string> {
  const { startSession } = await import('@/lib/auth/session')
  return (await startSession(world.payload, userId)).split(';')[0]!
}

function post(path: string, cookie: string, fields: Record<string, string>): Request {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.set(key, value)
  return new Request(`http://localhost${path}`, { method: 'POST', body: form, headers: { cookie, 'sec-fetch-site': 'same-origin' } })
}

async function vipTarget(protocol = 'vless'): Promise<string> {
  return `${await billing.vipServerId(world, protocol)}:${protocol}`
}

async function createKey(cookie: string, device: string, protocol = 'vless'): Promise<URL> {
  const { POST } = await import('@/app/api/vip/keys/route')
  const response = await POST(post('/api/vip/keys', cookie, { device, target: await vipTarget(protocol), locale: 'ru' }))
  expect(response.status).toBe(303)
  return new URL(response.headers.get('location')!)
}

async function feed(path: string, userAgent = 'v2rayNG/1.9.16', headers: Record<string, string> = {}): Promise<Response> {
  const { GET } = await import('@/app/api/subscription/[user]/[token]/[[...format]]/route')
  const [, , , user, token, ...format] = path.split('/')
  return GET(new Request(`http://localhost${path}`, { headers: { 'user-agent': userAgent, ...headers } }), { params: Promise.resolve({ user: user!, token: token!, format }) })
}

/** Debian's wg-quick parses the file as it would bring it up (`strip`: the configuration `wg` would be given). */
function expectWgQuickReads(config: string): void {
  if (!hasCommands('wg-quick', 'wg')) {
    // CI runs as root, where the test command installs wireguard-tools: there it is a failure, not a skip.
    expect(process.env.CI, "Debian's wireguard-tools is not installed").not.toBe('true')
    return
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'wg-feed-'))
  try {
    const file = path.join(folder, 'vpnkeys0.conf')
    writeFileSync(file, config, { mode: 0o600 })
    const stripped = execFileSync('wg-quick', ['strip', file], { encoding: 'utf8' })
    expect(stripped).toMatch(/^\[Interface\]\nPrivateKey = /)
    expect(stripped).toContain('[Peer]')
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/** The names of the entries a base64 answer serves in place of keys (src/lib/feeds/notice.ts); none when it serves keys. */
function noticesOf(body: string): string[] {
  return readFeedBody(body)
    .links.filter(isNoticeLink)
    .map((link) => {
      const parsed = parseShareLink(link)
      return parsed.ok ? (parsed.value.name ?? '') : link
    })
}

function decodeAnnounce(response: Response): string | null {
  const value = response.headers.get('announce')
  return value === null ? null : Buffer.from(value.replace(/^base64:/, ''), 'base64').toString('utf8')
}

describe('device keys', () => {
  it('creates up to 10 keys named by device and refuses the 11th with a clear reason', async () => {
    const { user } = await billing.subscriber(world)
    const cookie = await cookieFor(user.id)
    const protocols = ['vless', 'outline', 'trojan', 'wireguard', 'openvpn', 'sstp']
    for (let index = 0; index < 10; index += 1) {
      const location = await createKey(cookie, `Device ${index + 1}`, protocols[index % protocols.length])
      expect(location.searchParams.get('created')).toMatch(/^\d+$/)
    }
    const refused = await createKey(cookie, 'Device 11')
    expect(refused.pathname).toBe('/profile/servers')
    // Back to the form with what was typed and chosen.
    expect(Object.fromEntries(refused.searchParams)).toEqual({ error: 'limitReached', device: 'Device 11', target: await vipTarget('vless') })
    const mine = await world.payload.find({ collection: 'keys', where: { owner: { equals: user.id } }, pagination: false, overrideAccess: false, user })
    expect(mine.totalDocs).toBe(10)
    expect(mine.docs.map((key) => key.deviceLabel).sort()).toContain('Device 10')
    expect(mine.docs.every((key) => key.tier === 'vip' && key.expiresAt === null)).toBe(true)
  })

  it('offers every protocol of the enabled VIP servers to a signed-in subscriber', async () => {
    const { user } = await billing.subscriber(world)
    const { vipChoices } = await import('@/lib/vip/deviceKeys')
    const choices = await vipChoices(world.payload, 'en', user)
    expect(new Set(choices.map((choice) => choice.countryName))).toEqual(new Set(['Germany', 'Netherlands']))
    expect(choices.filter((choice) => choice.countryCode === 'de').map((choice) => choice.protocol).sort()).toEqual(
      ['hysteria2', 'openvpn', 'outline', 'sstp', 'trojan', 'vless', 'wireguard'],
    )
  })

  it('never makes an eleventh key when requests race', async () => {
    const { user } = await billing.subscriber(world)
    const cookie = await cookieFor(user.id)
    const results = await Promise.all(Array.from({ length: 14 }, (_, index) => createKey(cookie, `Racing ${index}`)))
    expect(results.filter((location) => location.searchParams.has('created'))).toHaveLength(10)
    const { totalDocs } = await world.payload.count({ collection: 'keys', where: { owner: { equals: user.id }, revokedAt: { exists: false } } })
    expect(totalDocs).toBe(10)
  })

  it('refuses bad input and users without a subscription, changing nothing', async () => {
    const { user } = await billing.subscriber(world)
    const cookie = await cookieFor(user.id)
    const { POST } = await import('@/app/api/vip/keys/route')
    const blank = await POST(post('/api/vip/keys', cookie, { device: '   ', target: await vipTarget(), locale: 'en' }))
    expect(new URL(blank.headers.get('location')!).searchParams.get('error')).toBe('invalidDevice')
    const { docs } = await world.payload.find({ collection: 'servers', where: { tier: { equals: 'free' } }, limit: 1, depth: 0 })
    const freeServer = await POST(post('/api/vip/keys', cookie, { device: 'Phone', target: `${docs[0]!.id}:vless`, locale: 'en' }))
    expect(new URL(freeServer.headers.get('location')!).searchParams.get('error')).toBe('invalidServer')

    const stranger = await world.payload.create({ collection: 'users', data: { email: billing.uniqueEmail('stranger'), password: 'x'.repeat(20), role: 'customer' } })
    const noSubscription = await POST(post('/api/vip/keys', await cookieFor(stranger.id), { device: 'Phone', target: await vipTarget(), locale: 'ru' }))
    expect(new URL(noSubscription.headers.get('location')!).searchParams.get('error')).toBe('noSubscription')
    expect((await world.payload.count({ collection: 'keys', where: { owner: { in: [user.id, stranger.id] } } })).totalDocs).toBe(0)
  })

  it("shows a key's details only to its owner, and revoking it is theirs alone", async () => {
    const { user } = await billing.subscriber(world)
    const owner = await cookieFor(user.id)
    const keyId = (await createKey(owner, 'Laptop', 'wireguard')).searchParams.get('created')!
    const other = (await billing.subscriber(world)).user
    const otherCookie = await cookieFor(other.id)

    // What the key-details and download routes read for a signed-in user (the routes themselves run in the e2e tests).
    const { readKeyDetails, readKeyFile } = await import('@/lib/data/keys')
    const id = Number(keyId)
    expect(await readKeyDetails(id, 'en', user)).toMatchObject({ device: 'Laptop', protocol: 'wireguard' })
    expect((await readKeyFile(id, user))?.content).toContain('[Interface]')
    expect(await readKeyDetails(id, 'en', other)).toBeNull()
    expect(await readKeyFile(id, other)).toBeNull()
    expect(await readKeyDetails(id, 'en')).toBeNull()
    expect((await world.payload.find({ collection: 'keys', where: { id: { equals: Number(keyId) } }, overrideAccess: false, user: other })).totalDocs).toBe(0)

    const { POST: revoke } = await import('@/app/api/vip/keys/[id]/revoke/route')
    const params = { params: Promise.resolve({ id: keyId }) }
    const foreign = await revoke(post(`/api/vip/keys/${keyId}/revoke`, otherCookie, { locale: 'ru' }), params)
    expect(new URL(foreign.headers.get('location')!).searchParams.get('error')).toBe('notFound')
    const own = await revoke(post(`/api/vip/keys/${keyId}/revoke`, owner, { locale: 'ru' }), params)
    expect(new URL(own.headers.get('location')!).searchParams.get('revoked')).toBe(keyId)
    expect(await readKeyDetails(id, 'en', user)).toBeNull()
    // Undo is the owner's alone.
    const { POST: restore } = await import('@/app/api/vip/keys/[id]/restore/route')
    const stolen = await restore(post(`/api/vip/keys/${keyId}/restore`, otherCookie, { locale: 'ru' }), params)
    expect(new URL(stolen.headers.get('location')!).searchParams.get('error')).toBe('undoTooLate')
    expect(await readKeyDetails(id, 'en', user)).toBeNull()
    const undone = await restore(post(`/api/vip/keys/${keyId}/restore`, owner, { locale: 'ru' }), params)
    expect(new URL(undone.headers.get('location')!).searchParams.get('restored')).toBe('1')
    expect(await readKeyDetails(id, 'en', user)).toMatchObject({ device: 'Laptop' })
  })
})

describe('subscription URL', () => {
  it('makes a Hysteria2 key where a VIP server offers it, and carries it to the apps: base64 as is, Mihomo and sing-box as their Hysteria 2 entries, none in Xray JSON', async () => {
    const { user } = await billing.subscriber(world)
    await createKey(await cookieFor(user.id), 'Phone', 'hysteria2')
    const key = (await world.payload.find({ collection: 'keys', where: { owner: { equals: user.id } }, depth: 0 })).docs[0]!
    // Named as the subscriber named the device, as their other keys are.
    expect(key).toMatchObject({ protocol: 'hysteria2', tier: 'vip', keyString: expect.stringMatching(/^hysteria2:\/\/.*#Phone$/) })
    const { personalFeedPath } = await import('@/lib/feeds/personalUrl')
    const path = await personalFeedPath(world.payload, user.id)
    expect(readFeedBody(await (await feed(path, 'Happ/3.4.1')).text()).links).toEqual([key.keyString])
    expect(await (await feed(path, 'clash-verge/v2.0.3')).text()).toMatch(/ {4}type: hysteria2\n/)
    const singbox = (await (await feed(path, 'SFA/1.12.0 (sing-box 1.12.0)')).json()) as { outbounds: { type: string }[] }
    expect(singbox.outbounds.map((outbound) => outbound.type)).toContain('hysteria2')
    expect(JSON.parse(await (await feed(`${path}/json`)).text())).toEqual([])
  })

  it('lists the share links of the user’s keys in base64 with the expiry and title headers', async () => {
    const { user } = await billing.subscriber(world)
    const cookie = await cookieFor(user.id)
    for (const protocol of ['vless', 'outline', 'trojan', 'wireguard']) await createKey(cookie, `My ${protocol}`, protocol)
    const { personalFeedPath } = await import('@/lib/feeds/personalUrl')
    const path = await personalFeedPath(world.payload, user.id)
    const response = await feed(path)
    expect(response.status).toBe(200)
    const { links, meta } = readFeedBody(await response.text())
    // The headers' keys again at the top of the body, for apps behind proxies that strip headers.
    expect(meta['profile-title']).toBe(response.headers.get('profile-title'))
    expect(meta['subscription-userinfo']).toBe(response.headers.get('subscription-userinfo'))
    expect(links.map((link) => link.split('://')[0])).toEqual(['vless', 'ss', 'trojan'])
    const keys = await world.payload.find({ collection: 'keys', where: { owner: { equals: user.id } }, sort: 'createdAt', depth: 0 })
    expect(links).toEqual(keys.docs.map((key) => key.keyString).filter((link) => link && !link.startsWith('[')).slice(0, 3))
    const record = (await world.payload.find({ collection: 'subscriptions', where: { user: { equals: user.id } }, depth: 0 })).docs[0]!
    expect(response.headers.get('subscription-userinfo')).toBe(`upload=0; download=0; total=0; expire=${Math.floor(Date.parse(record.currentPeriodEnd!) / 1000)}`)
    expect(Buffer.from(response.headers.get('profile-title')!.replace('base64:', ''), 'base64').toString()).toBe('VPN ключи VIP')
    // Another user's id with this token, or a changed token: nothing.
    const [, , , , token] = path.split('/')
    expect((await feed(`/api/subscription/${user.id + 1}/${token}`)).status).toBe(404)
    expect((await feed(`${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`)).status).toBe(404)

    // Each app family gets its own format; a suffix chooses one explicitly; an unknown suffix is nothing.
    const clash = await feed(path, 'clash-verge/v2.0.3')
    expect(clash.headers.get('content-type')).toBe('text/yaml; charset=utf-8')
    expect(await clash.text()).toMatch(/proxies:\n {2}- name: .*\n(.*\n)*? {4}type: vless/)
    const singbox = (await (await feed(path, 'SFA/1.11.0 (sing-box 1.11.0)')).json()) as { outbounds: { type: string }[] }
    expect(singbox.outbounds.map((outbound) => outbound.type), JSON.stringify(singbox.outbounds)).toEqual(expect.arrayContaining(['selector', 'urltest', 'vless', 'shadowsocks', 'trojan']))
    const outline = (await (await feed(`${path}/outline`, 'v2rayNG/1.9.16')).json()) as { method: string; server_port: number }
    expect(outline).toMatchObject({ method: expect.any(String), server_port: expect.any(Number) })
    expect((await feed(`${path}/base64`, 'clash-verge/v2.0.3')).headers.get('content-type')).toBe('text/plain; charset=utf-8')
    // WireGuard apps that import by subscription (Hiddify, Karing): the WireGuard key's file, as wg-quick reads it.
    const wireguard = await feed(`${path}/wireguard`, 'HiddifyNext/2.5.7')
    expect(wireguard.headers.get('content-disposition')).toBe('attachment; filename="vpn-keys-vip.conf"')
    const config = await wireguard.text()
    expect(config).toBe(keys.docs.find((key) => key.keyString?.startsWith('[Interface]'))?.keyString)
    expectWgQuickReads(config)
    expect((await feed(`${path}/xml`)).status).toBe(404)
    expect((await feed(`${path}/clash/more`)).status).toBe(404)
    // Karing's provider menu: the service's name (percent-encoded: it is not ASCII), where to renew, where to ask.
    expect(decodeURIComponent(response.headers.get('isp-name')!)).toBe('VPN ключи')
    expect(response.headers.get('isp-url')).toBe(`${INT_SERVER_URL}/profile/subscription`)
    expect(response.headers.get('isp-faq')).toBe(`${INT_SERVER_URL}/support`)
    // Apps link to the site's support and account pages in the user's language, on SERVER_URL whatever Host says.
    expect(response.headers.get('support-url')).toBe(`${INT_SERVER_URL}/support`)
    expect(response.headers.get('profile-web-page-url')).toBe(`${INT_SERVER_URL}/profile/servers`)
    // More than three days left: the line apps show names the mirror, for when the site is blocked.
    expect(decodeAnnounce(response)).toBe(`Если сайт не открывается, он работает по адресам: ${INT_MIRROR_HOST}`)
    const madeUp = await feed(path, 'Happ/3.4.1', { 'x-forwarded-host': 'evil.example' })
    expect(madeUp.headers.get('profile-web-page-url')).toBe(`${INT_SERVER_URL}/profile/servers`)
  })

  it('answers on a mirror with the mirror’s addresses, and a browser there stays on the mirror', async () => {
    const { user } = await billing.subscriber(world)
    await createKey(await cookieFor(user.id), 'Phone')
    const { personalFeedPath } = await import('@/lib/feeds/personalUrl')
    const path = await personalFeedPath(world.payload, user.id)
    const onMirror = { 'x-forwarded-host': `${INT_MIRROR_HOST.toUpperCase()}:8443` }
    const mirror = `https://${INT_MIRROR_HOST}`
    const response = await feed(path, 'Happ/3.4.1', onMirror)
    expect(response.status).toBe(200)
    expect(response.headers.get('support-url')).toBe(`${mirror}/support`)
    expect(response.headers.get('profile-web-page-url')).toBe(`${mirror}/profile/servers`)
    // The only mirror is where the app already is: nothing to announce.
    expect(response.headers.get('announce')).toBeNull()
    // The answer on the site and on the mirror differ (their links do): an app moving between them is sent the body again.
    const onSite = await feed(path, 'Happ/3.4.1')
    expect(response.headers.get('etag')).not.toBe(onSite.headers.get('etag'))
    const page = await feed(path, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0', { ...onMirror, accept: 'text/html' })
    expect(page.status).toBe(303)
    expect(page.headers.get('location')).toBe(`${mirror}${path.replace('/api/subscription/', '/subscription/')}`)
  })

  it('sends a browser to the subscription page in the visitor’s language; an app gets the file', async () => {
    const { user } = await billing.subscriber(world)
    const { personalFeedPath } = await import('@/lib/feeds/personalUrl')
    const { env } = await import('@/lib/env')
    const path = await personalFeedPath(world.payload, user.id)
    const page = path.replace('/api/subscription/', '/subscription/')
    const browser = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36'
    const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }
    const russian = await feed(path, browser, { ...html, 'accept-language': 'ru-RU,ru;q=0.9' })
    expect(russian.status).toBe(303)
    expect(russian.headers.get('location')).toBe(`${env().serverUrl}${page}`)
    expect(russian.headers.get('cache-control')).toBe('private, no-store')
    expect(russian.headers.get('referrer-policy')).toBe('no-referrer')
    // The language chosen on the site wins over the browser's.
    expect((await feed(path, browser, { ...html, 'accept-language': 'ru', cookie: 'theme=x; NEXT_LOCALE=en' })).headers.get('location')).toBe(`${env().serverUrl}/en${page}`)
    expect((await feed(path, browser, { ...html, 'accept-language': 'en-US,en;q=0.9' })).headers.get('location')).toBe(`${env().serverUrl}/en${page}`)
    // An explicit format is a file even in a browser; a browser's fetch that asks for no page, and every app, get the subscription.
    for (const [address, agent, headers] of [[`${path}/clash`, browser, html], [path, browser, { accept: '*/*' }], [path, 'Happ/3.4.1', html]] as const) {
      const answer = await feed(address, agent, headers)
      expect(answer.status, `${address} ${agent}`).toBe(200)
      expect(answer.headers.get('location')).toBeNull()
    }
    // No key yet: one entry says where to add one, rather than an empty list.
    expect(noticesOf(await (await feed(path, 'Happ/3.4.1', html)).text())).toEqual([`Нет ключей для приложений: добавьте в «Моих серверах» на ${new URL(INT_SERVER_URL).host}`])
  })

  it('announces in the user’s language when the subscription ends within three days', async () => {
    const { user } = await billing.subscriber(world)
    await createKey(await cookieFor(user.id), 'Phone')
    await world.payload.update({ collection: 'users', id: user.id, data: { locale: 'en' }, depth: 0 })
    const record = (await world.payload.find({ collection: 'subscriptions', where: { user: { equals: user.id } }, depth: 0 })).docs[0]!
    await world.payload.update({ collection: 'subscriptions', id: record.id, data: { currentPeriodEnd: new Date(Date.now() + 2 * 24 * 3_600_000).toISOString() }, depth: 0 })
    const { personalFeedPath } = await import('@/lib/feeds/personalUrl')
    const response = await feed(await personalFeedPath(world.payload, user.id), 'Happ/3.4.1')
    const announce = Buffer.from(response.headers.get('announce')!.replace(/^base64:/, ''), 'base64').toString('utf8')
    expect(announce).toMatch(/^Your VIP subscription ends on [A-Z][a-z]+ \d{1,2}, 20\d\d\. Renew it on the site to keep your keys working\.$/)
  })

  it('stops working when replaced, and once the subscription has ended (keys revoked) serves in every format only the notice that it ended', async () => {
    const { user, subscriptionId } = await billing.subscriber(world)
    const cookie = await cookieFor(user.id)
    await createKey(cookie, 'Phone')
    const { personalFeedPath } = await import('@/lib/feeds/personalUrl')
    const old = await personalFeedPath(world.payload, user.id)
    const { POST: reset } = await import('@/app/api/vip/subscription-url/route')
    await reset(post('/api/vip/subscription-url', cookie, { locale: 'en' }))
    const fresh = await personalFeedPath(world.payload, user.id)
    expect(fresh).not.toBe(old)
    expect((await feed(old)).status).toBe(404)
    expect((await feed(fresh)).status).toBe(200)

    const before = world.double.events.length
    await billing.control(world, `/_double/subscriptions/${subscriptionId}/expire`)
    for (const event of world.double.events.slice(before)) await billing.deliver(world, event)
    const live = await world.payload.count({ collection: 'keys', where: { owner: { equals: user.id }, revokedAt: { exists: false } } })
    expect(live.totalDocs).toBe(0)
    // The app says it ended and where to renew, in the owner's language, with the date it ended.
    await world.payload.update({ collection: 'users', id: user.id, data: { locale: 'en' }, depth: 0 })
    const host = new URL(INT_SERVER_URL).host
    const endedBefore = await unservedCount('ended')
    const ended = await feed(fresh, 'Happ/3.4.1')
    expect(ended.status).toBe(200)
    expect(noticesOf(await ended.text())).toEqual([`Subscription ended: renew at ${host}`])
    expect(decodeAnnounce(ended)).toBe('Your VIP subscription has ended. Renew it on the site and this subscription serves your keys again.')
    expect(ended.headers.get('announce-url')).toBe(`${INT_SERVER_URL}/en/profile/subscription`)
    const expire = Number(/expire=(\d+)/.exec(ended.headers.get('subscription-userinfo') ?? '')?.[1])
    expect(expire).toBeGreaterThan(0)
    expect(expire * 1000).toBeLessThanOrEqual(Date.now())
    expect(ended.headers.get('x-hwid-active')).toBeNull()
    const clash = await (await feed(fresh, 'clash-verge/v2.0.3')).text()
    expect(clash).toContain(`name: "Subscription ended: renew at ${host}"`)
    expect(await (await feed(`${fresh}/outline`)).json()).toEqual({ error: { message: `Subscription ended: renew at ${host}` } })
    // Each of those polls is counted for the operator's dashboards; the replaced link's 404 below is not.
    expect(await unservedCount('ended')).toBe(endedBefore + 3)
    // The replaced link stays nothing; so does the link of someone who never subscribed.
    expect((await feed(old)).status).toBe(404)
    const stranger = await world.payload.create({ collection: 'users', data: { email: billing.uniqueEmail('stranger'), password: 'x'.repeat(20), role: 'customer' } })
    expect((await feed(await personalFeedPath(world.payload, stranger.id))).status).toBe(404)
  })
})

describe('what the apps show instead of keys', () => {
  it('says the editors’ words for a notice in the owner’s language on the next poll, and Happ’s provider id once the operator gives one', async () => {
    const { user } = await billing.subscriber(world)
    await world.payload.update({ collection: 'users', id: user.id, data: { locale: 'en' }, depth: 0 })
    const { personalFeedPath } = await import('@/lib/feeds/personalUrl')
    const path = await personalFeedPath(world.payload, user.id)
    const host = new URL(INT_SERVER_URL).host
    expect(noticesOf(await (await feed(path)).text())).toEqual([`No keys for apps yet: add one in My servers on ${host}`])
    // Only the English text of this one notice: no other test reads it.
    await world.payload.updateGlobal({ slug: 'site-settings', locale: 'en', data: { notices: { noKeys: 'Nothing here yet: open {host} and add a key' } } })
    try {
      const told = await feed(path)
      expect(noticesOf(await told.text())).toEqual([`Nothing here yet: open ${host} and add a key`])
      // The app's share-link parsers read it: one line, as the editors wrote it.
      expect((await (await feed(`${path}/outline`)).json()) as unknown).toEqual({ error: { message: `Nothing here yet: open ${host} and add a key` } })
      // Longer than apps show is refused in the admin, in the editor's language.
      await expect(world.payload.updateGlobal({ slug: 'site-settings', locale: 'en', data: { notices: { noKeys: 'x'.repeat(81) } } })).rejects.toThrow()
    } finally {
      await world.payload.updateGlobal({ slug: 'site-settings', locale: 'en', data: { notices: { noKeys: '' } } })
    }
    expect(noticesOf(await (await feed(path)).text())).toEqual([`No keys for apps yet: add one in My servers on ${host}`])

    // Happ's provider id: eight letters and digits, in the header and the body's `#providerid` line.
    await expect(world.payload.updateGlobal({ slug: 'site-settings', data: { happProviderId: 'not an id' } })).rejects.toMatchObject({
      data: { errors: [expect.objectContaining({ path: 'happProviderId', message: expect.stringMatching(/eight letters and digits|восемь латинских букв/) })] },
    })
    await world.payload.updateGlobal({ slug: 'site-settings', data: { happProviderId: 'Ab12Cd34' } })
    try {
      const answer = await feed(path, 'Happ/3.4.1')
      expect(answer.headers.get('providerid')).toBe('Ab12Cd34')
      expect(readFeedBody(await answer.text()).meta.providerid).toBe('Ab12Cd34')
    } finally {
      await world.payload.updateGlobal({ slug: 'site-settings', data: { happProviderId: '' } })
    }
    expect((await feed(path, 'Happ/3.4.1')).headers.get('providerid')).toBeNull()
  })

  it('answers each app as the operator’s table says: by default as always; a refusal and a notice count no device, whatever format the address asks', async () => {
    const { user } = await billing.subscriber(world)
    await createKey(await cookieFor(user.id), 'Phone')
    const { personalFeedPath } = await import('@/lib/feeds/personalUrl')
    const path = await personalFeedPath(world.payload, user.id)
    const { DEFAULT_APP_RULES } = await import('@/lib/feeds/appRules')
    const rulesOf = async () => ((await world.payload.findGlobal({ slug: 'site-settings', depth: 0 })).appRules ?? []).map(({ startsWith, wholeWord, decision }) => ({ startsWith, wholeWord, decision }))
    // The seeded table is the built-in mapping.
    expect(await rulesOf()).toEqual(DEFAULT_APP_RULES)
    const devices = async () => (await world.payload.count({ collection: 'devices', where: { user: { equals: user.id } } })).totalDocs
    // Rules for apps no other test polls as, ahead of the defaults: every other app is answered as before meanwhile.
    const own = [
      { startsWith: 'TestRefused', wholeWord: true, decision: 'refuse' as const },
      { startsWith: 'TestNoticed', wholeWord: true, decision: 'notice' as const },
      { startsWith: 'TestXray', wholeWord: false, decision: 'json' as const },
    ]
    await world.payload.updateGlobal({ slug: 'site-settings', data: { appRules: [...own, ...DEFAULT_APP_RULES] } })
    try {
      const device = (name: string) => ({ 'x-hwid': `rules-${user.id}-${name}`, 'x-device-os': 'Android' })
      const refusedBefore = await unservedCount('refused')
      for (const address of [path, `${path}/clash`]) {
        const refused = await feed(address, 'TestRefused/1.0', device('refused'))
        expect(refused.status, address).toBe(403)
        expect(refused.headers.get('cache-control')).toBe('private, no-store')
      }
      expect(await unservedCount('refused')).toBe(refusedBefore + 2)
      const noticed = await feed(`${path}/singbox`, 'testnoticed 2.0', device('noticed'))
      expect(noticed.status).toBe(200)
      expect(noticesOf(await noticed.text())).toEqual(['Это приложение не поддерживается: откройте подписку в Happ'])
      expect(await devices()).toBe(0)
      const xray = await feed(path, 'TestXray-beta/3', device('xray'))
      expect(xray.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(Array.isArray(await xray.json())).toBe(true)
      expect(await devices()).toBe(1)
      expect((await feed(path, 'clash-verge/v2.0.3')).headers.get('content-type')).toBe('text/yaml; charset=utf-8')
      // A prefix that is no app name's start is refused in the admin, in the editor's language.
      await expect(world.payload.updateGlobal({ slug: 'site-settings', data: { appRules: [{ startsWith: ' Happ', wholeWord: false, decision: 'refuse' }] } })).rejects.toMatchObject({
        data: { errors: [expect.objectContaining({ message: expect.stringMatching(/Начало User-Agent|User-Agent’s start/) })] },
      })
    } finally {
      await world.payload.updateGlobal({ slug: 'site-settings', data: { appRules: DEFAULT_APP_RULES.map((rule) => ({ ...rule })) } })
    }
    expect(await rulesOf()).toEqual(DEFAULT_APP_RULES)
    expect((await feed(path, 'TestRefused/1.0')).status).toBe(200)
  })

  it('gives INCY the routing profile to keep updated from the site: the same profile as Happ’s header, at the address the subscription names', async () => {
    const { user } = await billing.subscriber(world)
    await createKey(await cookieFor(user.id), 'Phone')
    const { personalFeedPath } = await import('@/lib/feeds/personalUrl')
    const answer = await feed(await personalFeedPath(world.payload, user.id), 'INCY/1.2.0')
    const autorouting = answer.headers.get('autorouting')!
    expect(autorouting).toBe(`incy://autorouting/onadd/${INT_SERVER_URL}/api/routing`)
    expect(readFeedBody(await answer.text()).meta.autorouting).toBe(autorouting)
    const { GET } = await import('@/app/api/routing/route')
    const profile = await GET()
    expect(profile.headers.get('cache-control')).toMatch(/^public, /)
    const happ = JSON.parse(Buffer.from(answer.headers.get('routing')!.replace('happ://routing/onadd/', ''), 'base64').toString('utf8')) as unknown
    expect(await profile.json()).toEqual(happ)
  })
})

describe('subscription URL polled by apps', () => {
  it('answers an unchanged subscription 304 to its tag, and any change with a new one; a wrong token stays 404, an ended subscription is a new answer', async () => {
    const { user, subscriptionId } = await billing.subscriber(world)
    const cookie = await cookieFor(user.id)
    await createKey(cookie, 'Phone')
    const { personalFeedPath } = await import('@/lib/feeds/personalUrl')
    const path = await personalFeedPath(world.payload, user.id)
    const first = await feed(path)
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    const tag = first.headers.get('etag')!
    expect(tag).toMatch(/^"[\w-]{27}"$/)
    for (const ifNoneMatch of [tag, `W/${tag}`, `"other", ${tag}`, '*']) {
      const again = await feed(path, 'v2rayNG/1.9.16', { 'if-none-match': ifNoneMatch })
      expect(again.status, ifNoneMatch).toBe(304)
      expect(await again.text()).toBe('')
      expect(again.headers.get('etag')).toBe(tag)
    }
    // Another format of the same subscription is another answer.
    const clash = await feed(path, 'clash-verge/v2.0.3', { 'if-none-match': tag })
    expect(clash.status).toBe(200)
    expect(clash.headers.get('etag')).not.toBe(tag)
    // A new key changes the answer: the old tag gets the new body.
    await createKey(cookie, 'Laptop', 'trojan')
    const changed = await feed(path, 'v2rayNG/1.9.16', { 'if-none-match': tag })
    expect(changed.status).toBe(200)
    expect(readFeedBody(await changed.text()).links).toHaveLength(2)
    const newTag = changed.headers.get('etag')!
    expect(newTag).not.toBe(tag)
    // A tag never stands in for the token, nor for a subscription that has ended.
    expect((await feed(`${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`, 'v2rayNG/1.9.16', { 'if-none-match': '*' })).status).toBe(404)
    const before = world.double.events.length
    await billing.control(world, `/_double/subscriptions/${subscriptionId}/expire`)
    for (const event of world.double.events.slice(before)) await billing.deliver(world, event)
    const ended = await feed(path, 'v2rayNG/1.9.16', { 'if-none-match': newTag })
    expect(ended.status).toBe(200)
    expect(ended.headers.get('etag')).not.toBe(newTag)
    expect(noticesOf(await ended.text())).toEqual([expect.stringMatching(/^Подписка закончилась: продлите на /)])
  })

  it('reads in one statement what the Local API readers say: the VIP subscription and the current keys, through changes', async () => {
    const { readPersonalFeedFacts } = await import('@/lib/feeds/personalRead')
    const { sqlPool } = await import('@/lib/db/pool')
    const query = (text: string, params: unknown[]) => sqlPool(world.payload).query(text, params)
    const { personalFeedKeys } = await import('@/lib/feeds/personalUrl')
    const { user, subscriptionId } = await billing.subscriber(world)
    const cookie = await cookieFor(user.id)
    const same = async () => {
      const [facts, keys] = await Promise.all([readPersonalFeedFacts(query, user.id), personalFeedKeys(world.payload, user.id)])
      expect(facts!.vip ? { links: facts!.links, status: facts!.vip.status, end: facts!.vip.currentPeriodEnd } : null).toEqual(
        keys ? { links: keys.links, status: keys.status, end: keys.expiresAt?.toISOString() ?? null } : null,
      )
    }
    await same()
    for (const protocol of ['vless', 'wireguard', 'trojan', 'outline']) await createKey(cookie, `Device ${protocol}`, protocol)
    await same()
    const [firstKey] = (await world.payload.find({ collection: 'keys', where: { owner: { equals: user.id } }, sort: 'createdAt', depth: 0 })).docs
    await world.payload.update({ collection: 'keys', id: firstKey!.id, data: { revokedAt: new Date().toISOString() }, depth: 0 })
    await same()
    await world.payload.update({ collection: 'users', id: user.id, data: { locale: 'en' }, depth: 0 })
    expect((await readPersonalFeedFacts(query, user.id))!.locale).toBe('en')
    const before = world.double.events.length
    await billing.control(world, `/_double/subscriptions/${subscriptionId}/expire`)
    for (const event of world.double.events.slice(before)) await billing.deliver(world, event)
    await same()
    expect((await readPersonalFeedFacts(query, user.id))!.siteName).toBe((await world.payload.findGlobal({ slug: 'site-settings', locale: 'ru' })).siteName)
    expect(await readPersonalFeedFacts(query, 987_654_321)).toBeNull()
    // A save whose time equals the copy's (two saves within one millisecond) is still seen: the row's version tells.
    const pool = sqlPool(world.payload)
    const saved = (await pool.query('SELECT "happ_provider_id" AS id FROM "site_settings" LIMIT 1')).rows[0] as { id: string | null }
    try {
      // The copy is taken now (what it holds depends on the tests before: an empty id reads as none).
      expect((await readPersonalFeedFacts(query, user.id))!.happProviderId).toBe(saved.id || null)
      await pool.query(`UPDATE "site_settings" SET "happ_provider_id" = 'SAMEMS01'`)
      expect((await readPersonalFeedFacts(query, user.id))!.happProviderId).toBe('SAMEMS01')
    } finally {
      await pool.query('UPDATE "site_settings" SET "happ_provider_id" = $1', [saved.id])
    }
  })
})

describe('Russian sites direct (Site settings → Apps)', () => {
  it('is on by default, follows the editors’ choice on the next poll (a new tag), and takes only https lists', async () => {
    const { user } = await billing.subscriber(world)
    await createKey(await cookieFor(user.id), 'Phone')
    const { personalFeedPath } = await import('@/lib/feeds/personalUrl')
    const path = await personalFeedPath(world.payload, user.id)
    const { DEFAULT_RULE_LISTS } = await import('@/lib/feeds/routing')
    const profile = (response: Response) => JSON.parse(Buffer.from(response.headers.get('routing')!.replace('happ://routing/onadd/', ''), 'base64').toString('utf8')) as Record<string, unknown>
    const before = await feed(path, 'Happ/3.4.1')
    expect(profile(before)).toMatchObject({ DirectIp: ['geoip:private', 'geoip:ru'], Geoipurl: DEFAULT_RULE_LISTS.geoipDat })
    expect(await (await feed(`${path}/clash`, 'Happ/3.4.1')).text()).toContain(DEFAULT_RULE_LISTS.mihomoIp)
    const settings = await world.payload.findGlobal({ slug: 'site-settings', depth: 0 })
    try {
      // Other settings leave the routing, and so Happ's profile and the subscription's tag, as they were.
      await world.payload.updateGlobal({ slug: 'site-settings', data: { claimedKeys: (settings.claimedKeys ?? 500) + 1 } })
      const same = await feed(path, 'Happ/3.4.1', { 'if-none-match': before.headers.get('etag')! })
      expect(same.status).toBe(304)
      const refused = await world.payload.updateGlobal({ slug: 'site-settings', data: { routing: { mode: 'custom', mihomoIp: 'http://lists.example.org/ru.mrs' } } }).catch((error: unknown) => error)
      expect(JSON.stringify((refused as { data?: unknown }).data)).toContain('начинающийся с https://')
      await world.payload.updateGlobal({ slug: 'site-settings', data: { routing: { mode: 'custom', mihomoIp: 'https://lists.example.org/ru.mrs' } } })
      const custom = await feed(`${path}/clash`, 'Happ/3.4.1', { 'if-none-match': before.headers.get('etag')! })
      expect(custom.status).toBe(200)
      const yaml = await custom.text()
      expect(yaml).toContain('https://lists.example.org/ru.mrs')
      expect(yaml).toContain(DEFAULT_RULE_LISTS.mihomoDomains)
      // Happ takes the changed profile: it is newer.
      expect(Number(profile(await feed(path, 'Happ/3.4.1')).LastUpdated)).toBeGreaterThanOrEqual(Number(profile(before).LastUpdated))
      expect(profile(await feed(path, 'Happ/3.4.1')).LastUpdated).not.toBe(profile(before).LastUpdated)
      await world.payload.updateGlobal({ slug: 'site-settings', data: { routing: { mode: 'off' } } })
      const off = await feed(path, 'Happ/3.4.1', { 'if-none-match': before.headers.get('etag')! })
      expect(off.status).toBe(200)
      expect(off.headers.get('routing')).toBeNull()
      expect(await (await feed(`${path}/clash`, 'Happ/3.4.1')).text()).not.toContain('RULE-SET')
    } finally {
      await world.payload.updateGlobal({ slug: 'site-settings', data: { routing: settings.routing, claimedKeys: settings.claimedKeys } })
    }
  })
})

describe('subscription polls answered before Next.js', () => {
  it('give exactly the route’s answer: the keys, the headers, 304 to the tag, 404 to a wrong token; a browser is left to the route', async () => {
    const { createServer } = await import('node:http')
    const { subscriptionFastPath } = await import('@/server/subscriptionFastPath')
    const { env } = await import('@/lib/env')
    const toRoute = (_request: unknown, response: ServerResponse) => void response.writeHead(599).end()
    const answerPoll = subscriptionFastPath(process.env.DATABASE_URL!, env().hosts, toRoute)
    const server = createServer((request, response) => {
      if (!answerPoll(request, response)) toRoute(request, response)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    try {
      const { user } = await billing.subscriber(world)
      await createKey(await cookieFor(user.id), 'Phone')
      const { personalFeedPath } = await import('@/lib/feeds/personalUrl')
      const path = await personalFeedPath(world.payload, user.id)
      const onMirror = { 'x-forwarded-host': INT_MIRROR_HOST }
      for (const [suffix, agent, host] of [['', 'Happ/3.4.1', {}], ['/clash', 'v2rayNG/1.9.16', {}], ['', 'SFA/1.11.0 (sing-box 1.11.0)', {}], ['', 'Happ/3.4.1', onMirror]] as const) {
        const fast = await fetch(`${base}${path}${suffix}`, { headers: { 'user-agent': agent, ...host } })
        const route = await feed(`${path}${suffix}`, agent, host)
        expect(fast.status).toBe(200)
        expect(await fast.text()).toBe(await route.text())
        for (const name of ['content-type', 'subscription-userinfo', 'profile-title', 'profile-update-interval', 'support-url', 'profile-web-page-url', 'announce', 'etag', 'cache-control']) {
          expect(fast.headers.get(name), `${suffix} ${name}`).toBe(route.headers.get(name))
        }
        const unchanged = await fetch(`${base}${path}${suffix}`, { headers: { 'user-agent': agent, ...host, 'if-none-match': fast.headers.get('etag')! } })
        expect(unchanged.status).toBe(304)
      }
      expect((await fetch(`${base}${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`, { headers: { 'user-agent': 'Happ/3.4.1' } })).status).toBe(404)
      expect((await fetch(`${base}/api/subscription/987654321/${'A'.repeat(43)}`, { headers: { 'user-agent': 'Happ/3.4.1' } })).status).toBe(404)
      // Left to the route: a browser opening the page, an unknown format, another method.
      const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0', accept: 'text/html,*/*' }
      expect((await fetch(`${base}${path}`, { headers: browser })).status).toBe(599)
      expect((await fetch(`${base}${path}/xml`)).status).toBe(599)
      expect((await fetch(`${base}${path}`, { method: 'POST' })).status).toBe(599)
    } finally {
      server.close()
    }
  })

  it('leave a poll to the route when the database does not answer', async () => {
    const { createServer } = await import('node:http')
    const { subscriptionFastPath } = await import('@/server/subscriptionFastPath')
    const { siteHostsOf } = await import('@/lib/http/siteHosts')
    const toRoute = (_request: unknown, response: ServerResponse) => void response.writeHead(599).end()
    const answerPoll = subscriptionFastPath('postgres://nobody@127.0.0.1:9/none', siteHostsOf({ serverUrl: 'https://free.vpnkeys.example' }), toRoute)
    const server = createServer((request, response) => {
      if (!answerPoll(request, response)) response.writeHead(598).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
      expect((await fetch(`${base}/api/subscription/12/${'A'.repeat(43)}`, { headers: { 'user-agent': 'Happ/3.4.1' } })).status).toBe(599)
      expect((await fetch(`${base}/tariffs`)).status).toBe(598)
    } finally {
      server.close()
    }
  })
})

describe('revoking on a server that refuses', () => {
  it('hides the key at once, lets its owner undo for 30 seconds, then revokes it on the server, retrying until the server accepts', async () => {
    const { createServer } = await import('node:http')
    let refuse = true
    const deletes: string[] = []
    const outline = createServer((request, response) => {
      deletes.push(`${request.method} ${request.url}`)
      response.writeHead(refuse ? 500 : 204, { 'content-type': 'application/json' })
      response.end(refuse ? JSON.stringify({ code: 'InternalError', message: 'busy' }) : undefined)
    })
    await new Promise<void>((resolve) => outline.listen(0, '127.0.0.1', resolve))
    const port = (outline.address() as { port: number }).port
    try {
      const { user } = await billing.subscriber(world)
      const country = (await world.payload.find({ collection: 'countries', where: { code: { equals: 'at' } }, limit: 1, depth: 0 })).docs[0]!
      const server = await world.payload.create({
        collection: 'servers',
        data: {
          name: `AT-vip-outline-${port}`,
          country: country.id,
          hosting: 'Test',
          host: '198.51.100.30',
          tier: 'vip',
          enabled: true,
          adapter: 'outline',
          credentials: { apiUrl: `http://127.0.0.1:${port}/secret` },
          protocols: [{ protocol: 'outline', port: 9000, freeKeys: 0 }],
        },
      })
      const key = await world.payload.create({
        collection: 'keys',
        data: { server: server.id, protocol: 'outline', tier: 'vip', owner: user.id, deviceLabel: 'Tablet', keyString: 'ss://Y2hhY2hhMjAtaWV0Zi1wb2x5MTMwNTpwdw@198.51.100.30:9000#AT', providerRef: '7' },
      })
      const { revokeDeviceKey, undoRevokeDeviceKey } = await import('@/lib/vip/deviceKeys')
      const { finishScheduledRevocation, retryRevocations } = await import('@/lib/provisioning/revocation')
      const seenByOwner = async () => (await world.payload.find({ collection: 'keys', where: { id: { equals: key.id } }, overrideAccess: false, user })).totalDocs
      const at = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000)
      const first = new Date()
      expect(await revokeDeviceKey(world.payload, user, key.id, first)).toBe(true)
      const hidden = await world.payload.findByID({ collection: 'keys', id: key.id, depth: 0 })
      expect(hidden.revokedAt).toBe(first.toISOString())
      expect(hidden.revokeOnServerAfter).toBe(at(first, 30).toISOString())
      expect(await seenByOwner()).toBe(0)
      // Within the undo window nothing reaches the server, and "Undo" gives back the very same key.
      expect(deletes).toEqual([])
      expect(await undoRevokeDeviceKey(world.payload, user, key.id, at(first, 10))).toBe('restored')
      expect(await seenByOwner()).toBe(1)
      // The job queued with the revocation finds it undone and does nothing.
      await finishScheduledRevocation(world.payload, key.id)
      expect(deletes).toEqual([])

      const second = new Date()
      expect(await revokeDeviceKey(world.payload, user, key.id, second)).toBe(true)
      expect(await undoRevokeDeviceKey(world.payload, user, key.id, at(second, 31))).toBe('tooLate')
      // A rotation inside the window leaves it alone; one after it (had the job not run) revokes it on the server.
      expect(await retryRevocations(world.payload, at(second, 5))).toBe(0)
      expect(deletes).toEqual([])
      expect(await retryRevocations(world.payload, at(second, 31))).toBe(0)
      const refused = await world.payload.findByID({ collection: 'keys', id: key.id, depth: 0 })
      expect(refused.revokeError).toMatch(/HTTP 500: busy/)
      expect(refused.revokeOnServerAfter ?? null).toBeNull()
      expect(refused.revokedAt).toBe(second.toISOString())
      expect(await seenByOwner()).toBe(0)
      refuse = false
      expect(await retryRevocations(world.payload)).toBe(1)
      expect((await world.payload.findByID({ collection: 'keys', id: key.id, depth: 0 })).revokeError ?? null).toBeNull()
      expect(deletes).toEqual(['DELETE /secret/access-keys/7', 'DELETE /secret/access-keys/7', 'DELETE /secret/access-keys/7'])
      await world.payload.update({ collection: 'servers', id: server.id, data: { enabled: false }, depth: 0 })
    } finally {
      outline.close()
    }
  })
})
