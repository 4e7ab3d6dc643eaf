// Two app instances on one database and one Redis (tests/helpers/e2eSites.ts), as production runs when it
// outgrows one process: what one instance changes, the other shows at once. Then the drills on its instances and
// database (restarts under load); the drills that start the site's own commands run beside (drills.spec.ts).
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TLSSocket } from 'node:tls'

import { Client } from 'pg'
import type { APIRequestContext } from '@playwright/test'

import { freePort } from '../../scripts/lib/ports'
import { DEMO_ACCOUNTS } from '../../src/seed/accounts'
import { hasDebianPostgres, startDebianPostgres } from '../helpers/debianPostgres'
import { startNginx } from '../helpers/nginx'
import { CLUSTER_METRICS_TOKEN, FREE_KEYS_HOST } from '../helpers/testHosts'
import { makeTestPki } from '../helpers/testPki'

import { cluster, hasCommand, untilAnswers } from './drills'
import { RU } from './helpers'
import { latestMailTo, linkCode } from './mail'
import { expect, test } from './test'

const editor = DEMO_ACCOUNTS.find((account) => account.role === 'editor')!

const instances = () => cluster().instances

async function editorAuth(request: APIRequestContext, instance: string): Promise<Record<string, string>> {
  const login = await request.post(`${instance}/api/users/login`, { data: { email: editor.email, password: editor.password } })
  expect(login.status()).toBe(200)
  return { Authorization: `JWT ${((await login.json()) as { token: string }).token}` }
}

/**
 * That the other instance showed a change within `ms` of it: one of the requests sent to it by then answered with the
 * change. The change's travel is what is timed (from when it was made to when a request that shows it was sent), not
 * how long the page then takes to render, which is the machine's speed: the first request after a change misses the
 * cache and renders the page, 1.2 s once on a slow machine beside the drills (clone 109), where the answer had the
 * change. A request is sent every 100 ms until one shows it or `ms` have passed.
 */
async function shownWithin(ms: number, changedAt: number, check: () => Promise<void>): Promise<void> {
  let failure: unknown = new Error(`no request was sent within ${ms} ms of the change`)
  while (Date.now() - changedAt < ms) {
    try {
      return await check()
    } catch (error) {
      failure = error
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw failure
}

test('a price an editor changes through one instance is on the other’s plans page within a second', async ({ request }) => {
  const [a, b] = instances()
  const auth = await editorAuth(request, a)
  const plans = (await (await request.get(`${a}/api/tariffs?where[months][equals]=3&depth=0`, { headers: auth })).json()) as { docs: { id: number; priceKopecks: number }[] }
  const plan = plans.docs[0]!
  // B has rendered and cached the page (served from its cache the second time).
  await request.get(`${b}/tariffs`, { headers: RU })
  expect((await request.get(`${b}/tariffs`, { headers: RU })).headers()['x-nextjs-cache']).toBe('HIT')
  expect((await request.patch(`${a}/api/tariffs/${plan.id}`, { headers: auth, data: { price: '777' } })).status()).toBe(200)
  const changedAt = Date.now()
  try {
    await shownWithin(1_000, changedAt, async () => expect(await (await request.get(`${b}/tariffs`, { headers: RU })).text()).toMatch(/777\s₽/))
  } finally {
    await request.patch(`${a}/api/tariffs/${plan.id}`, { headers: auth, data: { price: String(plan.priceKopecks / 100) } })
  }
})

test('a key taken off the list through one instance leaves the other’s list and feed', async ({ request }) => {
  const [a, b] = instances()
  const auth = await editorAuth(request, a)
  const page = await (await request.get(`${b}/vless-nl`, { headers: RU })).text()
  const id = /data-key-id="(\d+)"/.exec(page)?.[1]
  expect(id).toBeTruthy()
  const { keyString } = (await (await request.get(`${a}/api/keys/${id}?depth=0`, { headers: auth })).json()) as { keyString: string }
  const feed = async () => Buffer.from(await (await request.get(`${b}/api/feed/vless-nl/base64`)).text(), 'base64').toString('utf8')
  expect(await feed()).toContain(keyString)
  expect((await request.patch(`${a}/api/keys/${id}`, { headers: auth, data: { revokedAt: new Date().toISOString() } })).status()).toBe(200)
  const changedAt = Date.now()
  await Promise.all([
    shownWithin(1_000, changedAt, async () => expect(await (await request.get(`${b}/vless-nl`, { headers: RU })).text()).not.toContain(`data-key-id="${id}"`)),
    shownWithin(1_000, changedAt, async () => expect(await feed()).not.toContain(keyString)),
  ])
})

test('a key changed through one instance re-renders the key lists, while the plans page stays cached on the other', async ({ request }) => {
  const [a, b] = instances()
  const auth = await editorAuth(request, a)
  await request.get(`${b}/tariffs`, { headers: RU })
  expect((await request.get(`${b}/tariffs`, { headers: RU })).headers()['x-nextjs-cache']).toBe('HIT')
  const id = /data-key-id="(\d+)"/.exec(await (await request.get(`${b}/outline-nl`, { headers: RU })).text())?.[1]
  expect(id).toBeTruthy()
  expect((await request.patch(`${a}/api/keys/${id}`, { headers: auth, data: { revokedAt: new Date().toISOString() } })).status()).toBe(200)
  const changedAt = Date.now()
  try {
    await shownWithin(1_000, changedAt, async () => expect(await (await request.get(`${b}/outline-nl`, { headers: RU })).text()).not.toContain(`data-key-id="${id}"`))
    // Keys feed only the lists, key pages and feeds: the plans are not rendered again.
    expect((await request.get(`${b}/tariffs`, { headers: RU })).headers()['x-nextjs-cache']).toBe('HIT')
  } finally {
    await request.patch(`${a}/api/keys/${id}`, { headers: auth, data: { revokedAt: null } })
  }
})

test('a login link asked for through one instance signs in through the other, and the session holds on both', async ({ request }) => {
  const [a, b] = instances()
  const email = `cluster${Date.now()}@mail.example.com`
  expect((await request.post(`${a}/api/auth/request-link`, { form: { email, purpose: 'register', locale: 'ru' }, maxRedirects: 0 })).status()).toBe(303)
  const confirmed = await request.post(`${b}/api/auth/confirm`, { form: { code: linkCode(await latestMailTo(email)), locale: 'ru' }, maxRedirects: 0 })
  expect(confirmed.status()).toBe(303)
  for (const instance of [a, b]) {
    const me = (await (await request.get(`${instance}/api/users/me`, { headers: { 'sec-fetch-site': 'same-origin' } })).json()) as { user: { email: string } | null }
    expect(me.user?.email, instance).toBe(email)
  }
})

test('each instance says it is live and ready (database, migrations, Redis, job timer), directly and through nginx, never from a cache, with the request id nginx gave it', async ({ request }) => {
  const [a, b] = instances()
  for (const base of [a, b, '']) {
    const live = await request.get(`${base}/api/health/live`)
    expect(live.status(), base).toBe(200)
    expect(await live.json()).toEqual({ status: 'live' })
    const ready = await request.get(`${base}/api/health/ready`)
    expect(ready.status(), base).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'ok', jobs: 'ok' } })
    expect(ready.headers()['cache-control']).toBe('no-store')
    expect(ready.headers()['x-cache-status']).toBeUndefined()
  }
  // nginx's request id (its clock in ms, the connection's serial number, the request's on it) is the id the app logs
  // and answers with; a visitor's own is not taken.
  const answered = await request.get('/api/health/ready', { headers: { 'X-Request-Id': 'visitor-chosen-id-000' } })
  expect(answered.headers()['x-request-id']).toMatch(/^\d{10}\.\d{3}-\d+-\d+$/)
})

/** The sum of a metric's series whose labels include `labels`, from Prometheus's text format (0 when none). */
function sample(exposition: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0
  for (const line of exposition.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const given = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]))
    if (Object.entries(labels).every(([key, value]) => given[key] === value)) sum += Number(match[3])
  }
  return sum
}

test('each instance’s metrics are refused without the token, and after real traffic its request, cache, feed, poll, e-mail and key figures moved', async ({ request }) => {
  const [a, b] = instances()
  const auth = { Authorization: `Bearer ${CLUSTER_METRICS_TOKEN}` }
  const wrong: Record<string, string>[] = [{}, { Authorization: 'Bearer not-the-token-0123456789' }, { Authorization: `Basic ${CLUSTER_METRICS_TOKEN}` }]
  for (const headers of wrong) {
    const refused = await request.get(`${a}/api/metrics`, { headers })
    expect(refused.status()).toBe(401)
    expect(await refused.text()).not.toContain('vpnkeys_')
  }
  // Never through nginx: a scrape there would reach either instance.
  expect((await request.get('/api/metrics', { headers: auth })).status()).toBe(404)
  const scrape = async (instance: string) => {
    const answer = await request.get(`${instance}/api/metrics`, { headers: auth })
    expect(answer.status()).toBe(200)
    expect(answer.headers()['content-type']).toContain('text/plain')
    return answer.text()
  }
  const before = await scrape(a)
  await request.get(`${a}/tariffs`, { headers: RU })
  await request.get(`${a}/tariffs`, { headers: RU })
  expect((await request.get(`${a}/api/feed/vless-nl/base64`)).status()).toBe(200)
  // An app polling a URL that is not a subscriber's.
  await request.get(`${a}/api/subscription/999999/AAAAAAAAAAAAAAAAAAAAAA`, { headers: { 'User-Agent': 'Happ/3.0' } })
  const email = `metrics${Date.now()}@mail.example.com`
  expect((await request.post(`${a}/api/auth/request-link`, { form: { email, purpose: 'register', locale: 'ru' }, maxRedirects: 0 })).status()).toBe(303)
  const after = await scrape(a)

  const moved = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels)
  expect(moved('vpnkeys_http_requests_total', { family: 'page', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(2)
  expect(moved('vpnkeys_http_requests_total', { family: 'feed', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1)
  expect(moved('vpnkeys_http_requests_total', { family: 'subscription' })).toBe(1)
  expect(moved('vpnkeys_http_requests_total', { family: 'auth', method: 'POST', status: '303' })).toBe(1)
  expect(moved('vpnkeys_http_request_duration_seconds_count', { family: 'page' })).toBeGreaterThanOrEqual(2)
  expect(moved('vpnkeys_next_cache_total', {})).toBeGreaterThanOrEqual(2)
  expect(moved('vpnkeys_emails_total', { outcome: 'sent' })).toBe(1)
  // What the database holds: the demo's servers and lists, every protocol named.
  expect(sample(after, 'vpnkeys_servers_enabled')).toBeGreaterThan(0)
  expect(sample(after, 'vpnkeys_free_keys_listed', { protocol: 'vless' })).toBeGreaterThan(0)
  expect(after).toMatch(/^vpnkeys_free_keys_listed\{protocol="sstp",app_instance="[^"]+"\} \d+$/m)
  expect(after).toMatch(/^vpnkeys_job_queue_oldest_seconds\{app_instance="[^"]+"\} [\d.]+$/m)
  expect(sample(after, 'vpnkeys_process_resident_memory_bytes')).toBeGreaterThan(0)
  // A page another test revalidated may come stale first; once rendered again, Next.js answers it from its cache.
  await expect(async () => {
    await request.get(`${a}/tariffs`, { headers: RU })
    expect(sample(await scrape(a), 'vpnkeys_next_cache_total', { result: 'HIT' })).toBeGreaterThan(sample(before, 'vpnkeys_next_cache_total', { result: 'HIT' }))
  }).toPass({ timeout: 10_000 })
  // Each instance is labelled apart, so their counters add up.
  const instanceOf = (text: string) => /app_instance="([^"]+)"/.exec(text)?.[1]
  expect(instanceOf(after)).toBeTruthy()
  expect(instanceOf(await scrape(b))).not.toBe(instanceOf(after))
})

test('Prometheus with deploy/prometheus’s configuration scrapes both instances and loads the alert rules', async () => {
  test.skip(!hasCommand('prometheus'), "Debian's prometheus is not installed: npm test installs it when run as root")
  const dir = mkdtempSync(path.join(tmpdir(), 'vpnkeys-prometheus-'))
  const port = await freePort()
  const shipped = path.resolve(import.meta.dirname, '../../deploy/prometheus')
  // The shipped file as an operator fills it in: their token file, the instances' addresses (here the cluster's).
  writeFileSync(path.join(dir, 'token'), `${CLUSTER_METRICS_TOKEN}\n`)
  writeFileSync(path.join(dir, 'alerts.yml'), readFileSync(path.join(shipped, 'alerts.yml')))
  const targets = instances().map((url) => `"${new URL(url).host}"`).join(', ')
  writeFileSync(
    path.join(dir, 'prometheus.yml'),
    readFileSync(path.join(shipped, 'prometheus.yml'), 'utf8')
      .replace('/etc/prometheus/vpnkeys-metrics-token', path.join(dir, 'token'))
      .replace('"127.0.0.1:3001", "127.0.0.1:3002"', targets)
      .replace('scrape_interval: 15s', 'scrape_interval: 1s'),
  )
  const prometheus = spawn('prometheus', [`--config.file=${path.join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${path.join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`], { stdio: 'ignore' })
  try {
    const api = async (pathname: string) => ((await (await fetch(`http://127.0.0.1:${port}${pathname}`)).json()) as { data: unknown }).data
    await expect(async () => {
      const { activeTargets } = (await api('/api/v1/targets')) as { activeTargets: { labels: { job: string }; health: string; scrapeUrl: string }[] }
      expect(activeTargets.map((target) => [target.labels.job, target.health, new URL(target.scrapeUrl).pathname])).toEqual([
        ['vpnkeys', 'up', '/api/metrics'],
        ['vpnkeys', 'up', '/api/metrics'],
      ])
    }).toPass({ timeout: 30_000, intervals: [500] })
    const { groups } = (await api('/api/v1/rules')) as { groups: { rules: { name: string }[] }[] }
    expect(groups.flatMap((group) => group.rules.map((rule) => rule.name))).toEqual(expect.arrayContaining(['VpnkeysInstanceDown', 'VpnkeysServerDown', 'VpnkeysFreeListEmpty']))
  } finally {
    prometheus.kill('SIGTERM')
    await new Promise((resolve) => (prometheus.exitCode === null ? prometheus.once('exit', resolve) : resolve(null)))
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the scheduled rotation and health check are queued once, by one of the two instances', async () => {
  // The cluster's instances tick every 5 seconds (JOB_TICK_SECONDS): the first tick may still be coming.
  // Payload's job queue is not readable over its API: asked of the database the two instances share.
  const client = new Client({ connectionString: cluster().databaseUrl })
  await client.connect()
  try {
    // Both instances tick; only the holder of the runner lock queues and runs.
    await expect(async () => {
      const { rows } = await client.query(
        "SELECT task_slug AS task, count(*)::int AS queued FROM payload_jobs WHERE completed_at IS NULL AND task_slug IN ('rotateFreeKeys', 'checkServerHealth') GROUP BY task_slug ORDER BY task_slug::text",
      )
      expect(rows).toEqual([
        { task: 'checkServerHealth', queued: 1 },
        { task: 'rotateFreeKeys', queued: 1 },
      ])
    }).toPass({ timeout: 30_000, intervals: [1_000] })
  } finally {
    await client.end()
  }
})

/** One request through nginx's TLS on 127.0.0.1, with the SNI and Host of `host`, trusting only `ca`. */
function overTls(port: number, host: string, ca: string, pathname = '/', options: { maxVersion?: 'TLSv1.1' | 'TLSv1.3'; ciphers?: string } = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string; protocol: string | null }> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest({ agent: false, host: '127.0.0.1', port, path: pathname, servername: host, headers: { host, 'user-agent': 'Mozilla/5.0', 'accept-language': 'ru' }, ca, maxVersion: options.maxVersion, minVersion: 'TLSv1', ciphers: options.ciphers }, (response) => {
      let body = ''
      const protocol = (response.socket as TLSSocket).getProtocol()
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body, protocol }))
    })
    request.on('error', reject)
    request.end()
  })
}

/** One plain HTTP request to 127.0.0.1 with the Host header of `host` (fetch would not send it). */
function overHttp(port: number, host: string, pathname: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }))
    })
    request.on('error', reject)
    request.end()
  })
}

test('HTTPS from the nginx template: a certificate from its folder (renewed without a reload), HSTS, plain HTTP sent to HTTPS except ACME challenges, no TLS before 1.2', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vpnkeys-tls-'))
  const certificates = path.join(dir, 'live')
  const acme = path.join(dir, 'acme')
  mkdirSync(path.join(acme, '.well-known', 'acme-challenge'), { recursive: true })
  writeFileSync(path.join(acme, '.well-known', 'acme-challenge', 'token-1'), 'token-1.key-authorization')
  const install = async () => {
    const pki = await makeTestPki(['127.0.0.1'], [FREE_KEYS_HOST])
    mkdirSync(certificates, { recursive: true })
    // As Let's Encrypt's live folder holds them: the chain, and the key.
    writeFileSync(path.join(certificates, 'fullchain.pem'), readFileSync(pki.files.serverCert))
    writeFileSync(path.join(certificates, 'privkey.pem'), readFileSync(pki.files.serverKey))
    return pki
  }
  const [httpPort, tlsPort] = [await freePort(), await freePort()]
  const first = await install()
  const nginx = await startNginx({ dir, listenPort: httpPort, upstreams: instances().map((instance) => new URL(instance).host), tls: { port: tlsPort, certificateDir: certificates, acmeRoot: acme } })
  try {
    const page = await overTls(tlsPort, FREE_KEYS_HOST, first.pem.ca)
    expect(page.status).toBe(200)
    expect(page.body).toContain('<html')
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000')
    expect(page.protocol).toMatch(/^TLSv1\.[23]$/)
    // Cached pages, the API and build files carry HSTS too.
    for (const pathname of ['/', '/api/health/ready', '/bench.txt']) expect((await overTls(tlsPort, FREE_KEYS_HOST, first.pem.ca, pathname)).headers['strict-transport-security'], pathname).toBe('max-age=31536000')
    // A client that offers TLS 1.1 (its own security level lowered so that it does) is refused by the server's alert.
    await expect(overTls(tlsPort, FREE_KEYS_HOST, first.pem.ca, '/', { maxVersion: 'TLSv1.1', ciphers: 'DEFAULT@SECLEVEL=0' })).rejects.toThrow(/tlsv1 alert protocol version/i)

    // Plain HTTP: sent to the same page over HTTPS (on its port, here not 443), without HSTS; Let's Encrypt's
    // challenge is answered as it is.
    const plain = await overHttp(httpPort, FREE_KEYS_HOST, '/tariffs?from=mail')
    expect(plain.status).toBe(308)
    expect(plain.headers.location).toBe(`https://${FREE_KEYS_HOST}:${tlsPort}/tariffs?from=mail`)
    expect(plain.headers['strict-transport-security']).toBeUndefined()
    const challenge = await overHttp(httpPort, FREE_KEYS_HOST, '/.well-known/acme-challenge/token-1')
    expect(challenge.status).toBe(200)
    expect(challenge.body).toBe('token-1.key-authorization')

    // certbot renews the files in place: the next connection gets the new certificate, with no reload.
    const renewed = await install()
    expect((await overTls(tlsPort, FREE_KEYS_HOST, renewed.pem.ca)).status).toBe(200)
    await expect(overTls(tlsPort, FREE_KEYS_HOST, first.pem.ca)).rejects.toThrow()
    await first.remove()
    await renewed.remove()
  } finally {
    await nginx.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

/** A production instance of the site (`npm start`'s command) on the cluster's database; resolves once it is ready. */
async function startInstance(port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', LOCAL_PREVIEW: 'true', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // The last of what it printed, for a start that fails (it is read, so the pipes never fill).
  let output = ''
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000))
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  await untilAnswers(`http://127.0.0.1:${port}/api/health/ready`, { output: () => output })
  return child
}

test('a database restarted twice under a load of API reads, feeds and rate-limited downloads loses no answer', async () => {
  test.skip(!hasDebianPostgres, "Debian's PostgreSQL (postgresql-15) is not installed: npm test installs it when run as root")
  test.setTimeout(300_000)
  const pg = await startDebianPostgres()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vpnkeys-db-restart-'))
  const port = await freePort()
  let child: ReturnType<typeof spawn> | undefined
  try {
    await pg.query('CREATE DATABASE restarting')
    const origin = `http://127.0.0.1:${port}`
    child = await startInstance(port, { DATABASE_URL: pg.url('restarting'), PAYLOAD_SECRET: randomBytes(24).toString('hex'), SERVER_URL: origin, DATA_DIR: dataDir })
    const failures: string[] = []
    let answered = 0
    // Answers after the second restart: the site came back, not merely held out until it went down.
    let restarts = 0
    let answeredAfter = 0
    let loading = true
    // What strangers and apps ask at once, four connections each (every request from an address of its own, so no limit
    // counts them together): plans and countries over REST, a free feed, and the speed test (each counted in the database).
    const requests: [string, RequestInit, number][] = [
      ['/api/tariffs?limit=10&depth=0', {}, 200],
      ['/api/countries?limit=5&depth=0', {}, 200],
      ['/api/feed/all', { headers: { 'user-agent': 'Happ/3.4.1' } }, 200],
      ['/api/speedtest?bytes=10', {}, 200],
    ]
    const worker = async (offset: number) => {
      for (let index = 0; loading; index += 1) {
        const [target, init, expected] = requests[offset % requests.length]!
        const from = `10.${offset}.${(index >> 8) & 255}.${index & 255}`
        try {
          const answer = await fetch(`${origin}${target}`, { ...init, headers: { ...init.headers, 'X-Forwarded-For': from } })
          const body = await answer.text()
          if (answer.status === expected) {
            answered += 1
            if (restarts === 2) answeredAfter += 1
          } else failures.push(`${target}: ${answer.status} ${body.slice(0, 120)}`)
        } catch (error) {
          failures.push(`${target}: ${error instanceof Error ? error.message : String(error)}`)
        }
      }
    }
    const load = Promise.all(Array.from({ length: 16 }, (_, offset) => worker(offset)))
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    await pg.restart()
    restarts = 1
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    await pg.restart()
    restarts = 2
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    loading = false
    await load
    expect(failures).toEqual([])
    // About 200 answers alone on this machine; fewer while the other worker's tests run beside.
    expect(answered).toBeGreaterThan(50)
    expect(answeredAfter).toBeGreaterThan(0)
  } finally {
    child?.kill('SIGTERM')
    await new Promise((resolve) => (child && child.exitCode === null ? child.once('exit', resolve) : resolve(null)))
    await pg.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
})

test('an instance restarted for an upgrade behind nginx under a load of pages, feeds, API reads and uptime checks loses no request, and readiness through nginx stays 200', async () => {
  test.setTimeout(360_000)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vpnkeys-rolling-'))
  const ports = [await freePort(), await freePort()]
  const nginxPort = await freePort()
  const proxied = `http://127.0.0.1:${nginxPort}`
  // Each request comes from an address of its own (the test stands in for the CDN nginx trusts), so no rate limit counts them together.
  const env = { DATABASE_URL: cluster().databaseUrl, PAYLOAD_SECRET: randomBytes(24).toString('hex'), SERVER_URL: proxied, DATA_DIR: dataDir }
  const children = await Promise.all(ports.map((port) => startInstance(port, env)))
  const nginx = await startNginx({ dir: path.join(dataDir, 'nginx'), listenPort: nginxPort, upstreams: ports.map((port) => `127.0.0.1:${port}`) })
  const failures: string[] = []
  let answered = 0
  let loading = true
  // What visitors and apps do at once: a page past nginx's cache, a feed, an API read. (A POST nginx wrote into the
  // instant the port closed is not sent again, on purpose: docs/operating/upgrades.md.)
  // And an uptime check asking whether the site can serve: a stopping instance's 503 is about itself, not the site.
  const requests: [string, RequestInit][] = [
    ['/tariffs', { headers: { 'Accept-Language': 'ru', 'Cache-Control': 'no-cache' } }],
    ['/api/feed/vless-nl/base64', {}],
    ['/api/countries?limit=1&depth=0', {}],
    ['/api/health/ready', {}],
  ]
  const worker = async (offset: number) => {
    for (let index = offset; loading; index += 1) {
      const [target, init] = requests[index % requests.length]!
      const from = `10.${offset}.${(index >> 8) & 255}.${index & 255}`
      try {
        const answer = await fetch(`${proxied}${target}`, { ...init, headers: { ...init.headers, 'X-Forwarded-For': from } })
        const body = await answer.text()
        if (answer.status === 200) answered += 1
        else failures.push(`${init.method ?? 'GET'} ${target}: ${answer.status} ${body.slice(0, 120)}`)
      } catch (error) {
        failures.push(`${init.method ?? 'GET'} ${target}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }
  const load = Promise.all([0, 1, 2, 3].map(worker))
  try {
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    // An upgrade restarts each instance this way in turn (docs/operating/upgrades.md); the second's turn is the same.
    const exited = new Promise((resolve) => children[0]!.once('exit', resolve))
    children[0]!.kill('SIGTERM')
    await exited
    children[0] = await startInstance(ports[0]!, env)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  } finally {
    loading = false
    await load
    for (const child of children) child.kill('SIGTERM')
    await nginx.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  expect(failures).toEqual([])
  expect(answered).toBeGreaterThan(100)
})
