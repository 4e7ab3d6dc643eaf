// The free feeds' half-second copies in front of Next.js, against a stand-in renderer on a real HTTP server: what is
// kept, for how long, for whom, and that a render in progress serves the others the previous copy.
import { SUBSCRIPTION_FORMATS } from '@/lib/feeds/clients'
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'

import { siteHostsOf } from '@/lib/http/siteHosts'
import { feedKey, feedMicrocache } from '@/server/feedMicrocache'

type Render = (request: IncomingMessage, response: ServerResponse) => void

const HOSTS = siteHostsOf({ serverUrl: 'https://free.vpnkeys.example', mirrorHosts: ['vpnkeys-mirror.example'] })

let server: Server | undefined
let clock = 1_000

afterEach(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve))
  server = undefined
})

/** A server whose feed polls go through the microcache to `render`; counts the renders and what they were asked. */
async function serve(render: Render) {
  const seen: IncomingMessage['headers'][] = []
  const cache = feedMicrocache(
    (request, response) => {
      seen.push({ ...request.headers })
      render(request, response)
    },
    HOSTS,
    { now: () => clock },
  )
  server = createServer((request, response) => {
    if (!cache(request, response)) response.writeHead(599).end()
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { seen, get: (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { 'user-agent': 'v2rayNG/1.9.16', ...headers } }) }
}

let version = 0
const feed: Render = (_request, response) => {
  version += 1
  response.setHeader('Cache-Control', 'public, max-age=300, s-maxage=300')
  response.setHeader('Set-Cookie', 'visitor=1')
  response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', ETag: `"v${version}"` })
  response.write('keys ')
  response.end(`v${version}`)
}

describe('the free feeds’ microcache', () => {
  it('renders a feed once per half second and serves copies meanwhile, with its tag, 304 to the tag, and no cookie', async () => {
    const { seen, get } = await serve(feed)
    const first = await get('/api/feed/vless-de')
    expect(await first.text()).toBe(`keys v${version}`)
    const copy = await get('/api/feed/vless-de')
    expect(await copy.text()).toBe(`keys v${version}`)
    expect(copy.headers.get('etag')).toBe(`"v${version}"`)
    expect(copy.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=300')
    expect(copy.headers.get('set-cookie')).toBeNull()
    const unchanged = await get('/api/feed/vless-de', { 'if-none-match': `"v${version}"` })
    expect(unchanged.status).toBe(304)
    expect(unchanged.headers.get('etag')).toBe(`"v${version}"`)
    expect(seen).toHaveLength(1)
    // The render was asked for one plain, whole body: fetch's gzip offer is kept apart.
    expect(seen[0]!['accept-encoding']).toBe('gzip')
    expect(seen[0]!['if-none-match']).toBeUndefined()
    clock += 501
    expect(await (await get('/api/feed/vless-de')).text()).toBe(`keys v${version}`)
    expect(seen).toHaveLength(2)
  })

  it('answers 304 to an unchanged tag when its poll is the one that renders, and keeps the whole body for the others', async () => {
    // An app polls once an hour, so its poll nearly always finds the half-second copy gone and renders.
    const { seen, get } = await serve((_request, response) => {
      response.setHeader('Cache-Control', 'public, max-age=300')
      response.setHeader('Content-Type', 'text/plain; charset=utf-8')
      response.setHeader('ETag', '"same"')
      response.write('keys ')
      response.end('unchanged')
    })
    expect((await get('/api/feed/de')).status).toBe(200)
    clock += 501
    const unchanged = await get('/api/feed/de', { 'if-none-match': '"same"' })
    expect(unchanged.status).toBe(304)
    expect(unchanged.headers.get('etag')).toBe('"same"')
    expect(unchanged.headers.get('content-type')).toBeNull()
    expect(await unchanged.text()).toBe('')
    expect(seen).toHaveLength(2)
    const copy = await get('/api/feed/de')
    expect(copy.status).toBe(200)
    expect(copy.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await copy.text()).toBe('keys unchanged')
    expect(seen).toHaveLength(2)
    // Another tag, on the render too, gets the body.
    clock += 501
    const changed = await get('/api/feed/de', { 'if-none-match': '"older"' })
    expect(changed.status).toBe(200)
    expect(await changed.text()).toBe('keys unchanged')
    expect(seen).toHaveLength(3)
  })

  it('keeps each format, list and host apart, and a browser, a query or another method goes straight through', async () => {
    const { seen, get } = await serve(feed)
    await get('/api/feed/vless-de')
    await get('/api/feed/vless-de', { 'user-agent': 'clash-verge/v2.0.3' })
    await get('/api/feed/vless-de/clash')
    await get('/api/feed/vless-nl')
    expect(seen).toHaveLength(4)
    // Another Clash app on the bare URL gets the Clash copy.
    await get('/api/feed/vless-de', { 'user-agent': 'mihomo/1.19.0' })
    expect(seen).toHaveLength(4)
    const agent = { 'user-agent': 'Happ/3.4.1' }
    expect(feedKey('GET', '/api/feed/de', { ...agent, 'accept-encoding': 'gzip, deflate, br' }, HOSTS)).toBe(`${feedKey('GET', '/api/feed/de', agent, HOSTS)} gzip`)
    expect(feedKey('GET', '/api/feed/de', { ...agent, 'accept-encoding': 'gzip;q=0, br' }, HOSTS)).toBe(feedKey('GET', '/api/feed/de', agent, HOSTS))
    // A made-up Host adds no copies: the answer names the site by its own address. A mirror has copies of its own.
    expect(feedKey('GET', '/api/feed/de', { ...agent, host: 'made-up.example' }, HOSTS)).toBe(feedKey('GET', '/api/feed/de', { ...agent, host: 'free.vpnkeys.example' }, HOSTS))
    const onMirror = feedKey('GET', '/api/feed/de', { ...agent, host: 'free.vpnkeys.example', 'x-forwarded-host': 'VPNKEYS-MIRROR.example:8443' }, HOSTS)
    expect(onMirror).toBe(`https://vpnkeys-mirror.example/api/feed/de base64`)
    expect(onMirror).not.toBe(feedKey('GET', '/api/feed/de', agent, HOSTS))
    expect((await get('/api/feed/vless-de', { accept: 'text/html', 'user-agent': 'Mozilla/5.0 Chrome/142.0' })).status).toBe(599)
    expect((await get('/api/feed/vless-de?x=1')).status).toBe(599)
    expect((await get('/api/feed/vless-de/xml')).status).toBe(599)
  })

  it('keeps nothing but public 200s', async () => {
    let status = 404
    const { seen, get } = await serve((_request, response) => {
      response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': status === 200 ? 'private, no-store' : 'public, max-age=300' }).end('{}')
    })
    await get('/api/feed/vless-zz')
    await get('/api/feed/vless-zz')
    status = 200
    await get('/api/feed/vless-zz')
    await get('/api/feed/vless-zz')
    expect(seen).toHaveLength(4)
  })

  it('serves the previous copy while one poll renders a new one', async () => {
    let release: () => void = () => undefined
    let slow = false
    const { seen, get } = await serve((request, response) => {
      if (!slow) return feed(request, response)
      release = () => feed(request, response)
    })
    const before = await (await get('/api/feed/de')).text()
    clock += 501
    slow = true
    const rendering = get('/api/feed/de')
    await new Promise((resolve) => setTimeout(resolve, 50))
    const others = await Promise.all([get('/api/feed/de'), get('/api/feed/de')])
    for (const other of others) expect(await other.text()).toBe(before)
    expect(seen).toHaveLength(2)
    release()
    expect(await (await rendering).text()).not.toBe(before)
    expect(await (await get('/api/feed/de')).text()).toBe(`keys v${version}`)
  })

  it('never serves an old copy for long while renders fail, forgets a list that is gone, and copies no header this server set per request', async () => {
    let status = 200
    const { seen, get } = await serve((request, response) => {
      const answer = () => (status === 200 ? feed(request, response) : response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end('{}'))
      if (slow) release = answer
      else answer()
    })
    let release: () => void = () => undefined
    let slow = false
    const first = await (await get('/api/feed/de')).text()
    // Past its half second, the others may have the copy while a render runs, but not five seconds on: a render
    // that keeps failing (an address past its allowance) cannot keep them on an old list.
    clock += 501
    slow = true
    status = 429
    const failing = get('/api/feed/de')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await (await get('/api/feed/de')).text()).toBe(first)
    clock += 5_000
    slow = false
    expect((await get('/api/feed/de')).status).toBe(429)
    release()
    expect((await failing).status).toBe(429)
    expect(seen).toHaveLength(3)
    // A list that is gone takes its copy with it.
    status = 404
    expect((await get('/api/feed/de')).status).toBe(404)
    status = 200
    expect(await (await get('/api/feed/de')).text()).not.toBe(first)
    expect(seen).toHaveLength(5)
  })

  it('answers 304 without the body’s encoding, and sets this server’s own headers afresh for each request', async () => {
    const cache = feedMicrocache((_request, response) => {
      response.setHeader('Cache-Control', 'public, max-age=300')
      response.writeHead(200, { ETag: '"t"', 'Content-Encoding': 'gzip', 'Content-Type': 'text/plain' }).end('zz')
    }, HOSTS)
    const headersOf = async (request: Record<string, string>, preset: Record<string, string>) => {
      const sent: Record<string, unknown>[] = []
      const state: Record<string, unknown> = { ...preset }
      const response = {
        setHeader: (name: string, value: unknown) => {
          state[name.toLowerCase()] = value
          return response
        },
        getHeaders: () => ({ ...state }),
        writeHead(status: number, headers: Record<string, unknown>) {
          sent.push({ status, ...headers })
          return response
        },
        write: () => true,
        end: () => response,
        statusCode: 200,
      }
      cache({ method: 'GET', url: '/api/feed/de', headers: { 'user-agent': 'Happ/3.4.1', ...request } } as unknown as IncomingMessage, response as unknown as ServerResponse)
      await Promise.resolve()
      return sent[0]!
    }
    expect(await headersOf({}, { 'x-robots-tag': 'noindex' })).toMatchObject({ status: 200 })
    const copy = await headersOf({}, {})
    expect(copy).toMatchObject({ status: 200, etag: '"t"', 'content-encoding': 'gzip' })
    expect(copy['x-robots-tag']).toBeUndefined()
    const unchanged = await headersOf({ 'if-none-match': '"t"' }, {})
    expect(unchanged).toMatchObject({ status: 304, etag: '"t"' })
    expect(unchanged['content-encoding']).toBeUndefined()
  })

  it('keys only well-formed feed polls, whatever the path (property)', () => {
    const FORMATS = SUBSCRIPTION_FORMATS.join('|')
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), fc.constantFrom('', '/api/feed/', '/api/feed/vless-de/'), (tail, head) => {
        const key = feedKey('GET', `${head}${tail}`, { 'user-agent': 'Happ/3.4.1' }, HOSTS)
        if (key !== null) expect(key).toMatch(new RegExp(`^https://free\\.vpnkeys\\.example/api/feed/[a-z0-9-]{1,60}(/(${FORMATS}))? (${FORMATS})$`))
      }),
    )
  })
})
