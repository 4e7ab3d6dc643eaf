// The end-to-end tests' sites, started together by one process (Playwright's web server): a site selling through
// Stripe for each worker (E2E_PORT, E2E_SECOND_PORT), the same site selling through YooKassa (E2E_YOOKASSA_PORT), and the production shape
// (E2E_CLUSTER_PORT): two app instances on one database and one Redis (Debian's redis-server) behind Debian's nginx
// balancing them. Each site is the production build (`npm start`'s command) under a real host name behind nginx
// rendered from deploy/nginx, mailing a test SMTP server that files each message under .test/mail.
//
// One embedded PostgreSQL holds every site's database, each a copy of one template migrated and seeded once
// (CREATE DATABASE … TEMPLATE), so the sites start side by side without each migrating and seeding from empty.
// The cluster's instances' own addresses and its database's are written to .test/cluster.json, so a test can ask
// each instance directly; the databases' server is named there too, for the drills that make their own database.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import type { Server } from 'node:net'
import path from 'node:path'

import pg from 'pg'

import { freePort } from '../../scripts/lib/ports'
import { startEmbeddedPostgres } from '../../scripts/lib/postgres'
import { waitUntilReady } from '../../scripts/lib/waitForServer'

import { E2E_PORTS, ONE_SITE, SITES_FILE } from './e2ePorts'
import { startNginx } from './nginx'
import { runPrepare } from './prepare'
import type { RunningNginx } from './nginx'
import { startSmtp } from './smtp'
import { startTelegramDouble } from './telegram'
import type { TestSmtp } from './smtp'
import { CLUSTER_METRICS_TOKEN, FREE_KEYS_HOST, MIRROR_HOST, PRODUCTION_HOST } from './testHosts'

const root = path.resolve(import.meta.dirname, '../..')
const testDir = path.join(root, '.test')
const mailDir = path.join(testDir, 'mail')

export const CLUSTER_FILE = path.join(testDir, 'cluster.json')
/** The Bot API double's address and the bot's token (tests/e2e/telegram.spec.ts). */
export const TELEGRAM_FILE = path.join(testDir, 'telegram.json')

type Stoppable = { stop: () => Promise<void> }

/** What this run started, stopped in reverse order at the end (or when an instance crashes). */
const started: Stoppable[] = []
let stopping: Promise<void> | undefined
function stopAll(code: number): Promise<void> {
  stopping ??= (async () => {
    for (const part of started.reverse()) await part.stop().catch(() => undefined)
    process.exit(code)
  })()
  return stopping
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  return exited
}

/**
 * A free port no other start of this run was given: the sites start side by side, and a port picked free stays free
 * until its program binds it, seconds later, so two starts could otherwise be handed the same one.
 */
const handedOut = new Set<number>()
async function unclaimedPort(): Promise<number> {
  for (;;) {
    const port = await freePort()
    if (!handedOut.has(port)) {
      handedOut.add(port)
      return port
    }
  }
}

/** A test SMTP server filing each message as .test/mail/<prefix>-NNNN.json (tests/e2e/mail.ts reads them). */
async function mailbox(prefix: string): Promise<string> {
  let count = 0
  // On a port handed out here too: a port listen(0) picks could be one an instance was given and has not bound yet.
  const smtp: TestSmtp = await startSmtp((mail) => {
    count += 1
    writeFileSync(path.join(mailDir, `${prefix}-${String(count).padStart(4, '0')}.json`), JSON.stringify(mail))
  }, await unclaimedPort())
  started.push({ stop: () => smtp.close() })
  return smtp.url
}

/** `npm start`'s command on its own port; resolves once it answers. An instance that stops by itself ends the run. */
async function startInstance(env: NodeJS.ProcessEnv): Promise<string> {
  const port = await unclaimedPort()
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, stdio: 'inherit', env: { ...env, PORT: String(port) } })
  started.push({ stop: () => stopChild(child) })
  child.once('exit', (code) => void stopAll(code ?? 1))
  const url = `http://127.0.0.1:${port}`
  await waitUntilReady(child, `${url}/bench.txt`)
  return url
}

type SiteOptions = { name: string; mailPrefix: string; publicPort: number; env: NodeJS.ProcessEnv; instances: number; redis?: boolean }
type Site = SiteOptions & { dir: string; upstreams: string[] }

/** A site's instances, side by side (its database is prepared already), with their mail, and Redis when shared. */
async function startSite(options: SiteOptions): Promise<Site> {
  const dir = path.join(testDir, options.name)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const env: NodeJS.ProcessEnv = { ...options.env, SMTP_URL: await mailbox(options.mailPrefix), SERVER_URL: `http://${FREE_KEYS_HOST}:${options.publicPort}` }
  if (options.redis) {
    const redisPort = await unclaimedPort()
    const redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' })
    started.push({ stop: () => stopChild(redis) })
    env.REDIS_URL = `redis://127.0.0.1:${redisPort}`
  }
  // A site's instances share one secret (a session holds on each); a lone instance keeps its own in its data folder.
  if (options.instances > 1) env.PAYLOAD_SECRET = randomBytes(24).toString('hex')
  const dataDir = (index: number) => (options.instances > 1 ? path.join(dir, String.fromCharCode(97 + index)) : dir)
  const urls = await Promise.all(Array.from({ length: options.instances }, (_, index) => startInstance({ ...env, DATA_DIR: dataDir(index) })))
  return { ...options, dir, upstreams: urls.map((url) => url.replace('http://', '')) }
}

/**
 * The sites' public ports, held from the start until each site's nginx takes its own: the instances, mail servers and
 * databases started meanwhile on free ports never get one of them (nginx starts last, when its upstreams answer).
 */
const held = new Map<number, Server>()

async function holdPublicPorts(ports: number[]): Promise<void> {
  for (const port of ports) {
    // A connection to a held port (Playwright asking whether the sites are up) is closed at once: not up yet.
    const server = createServer((socket) => socket.destroy())
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '0.0.0.0', resolve))
    held.set(port, server)
  }
}

async function proxy(site: Site): Promise<void> {
  const hold = held.get(site.publicPort)
  if (hold) await new Promise((resolve) => hold.close(resolve))
  const nginx: RunningNginx = await startNginx({ dir: path.join(site.dir, 'nginx'), listenPort: site.publicPort, upstreams: site.upstreams })
  started.push({ stop: () => nginx.close() })
}

async function main(): Promise<void> {
  process.on('SIGINT', () => void stopAll(0))
  process.on('SIGTERM', () => void stopAll(0))
  await holdPublicPorts(ONE_SITE ? E2E_PORTS.stripe : [...E2E_PORTS.stripe, E2E_PORTS.yookassa, E2E_PORTS.cluster])
  mkdirSync(mailDir, { recursive: true })
  const pgDir = path.join(testDir, 'e2e-postgres')
  rmSync(pgDir, { recursive: true, force: true })
  const postgres = await startEmbeddedPostgres({ dataDir: pgDir, database: 'template', quiet: true })
  started.push({ stop: () => postgres.stop() })
  const databaseUrl = (database: string) => postgres.url.replace(/\/[^/]+$/, `/${database}`)

  // The IP-to-ASN data: documentation ranges as private AS numbers (tests/fixtures/asn), so a test's visitor address
  // is on a network its probe names.
  // The site's Telegram bot talks to a double of the Bot API (tests/helpers/telegram.ts); tests read its calls.
  const telegram = await startTelegramDouble()
  started.push({ stop: () => telegram.close() })
  writeFileSync(TELEGRAM_FILE, JSON.stringify({ url: telegram.url, token: telegram.token }))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Served on the test host names over http (Chromium is told to treat them as secure), as Playwright starts this
    // or scripts/test.sh does, beside the integration tests.
    LOCAL_PREVIEW: 'true',
    PRODUCTION_HOST,
    FREE_KEYS_HOST,
    MIRROR_HOSTS: MIRROR_HOST,
    NEXT_TELEMETRY_DISABLED: '1',
    ASN_DATA_DIR: path.join(root, 'tests/fixtures/asn'),
    TELEGRAM_SITE_BOT_TOKEN: telegram.token,
    TELEGRAM_API_URL: telegram.url,
  }
  // Migrated and seeded as a first start would (scripts/prepare.ts, compiled, as `npm start` runs it).
  await runPrepare('always', { ...env, NODE_ENV: 'production', DATABASE_URL: postgres.url, PAYLOAD_SECRET: randomBytes(24).toString('hex') }, { compiled: true })
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') })
  await admin.connect()
  const stripeDatabases = E2E_PORTS.stripe.map((_, index) => `stripe_${index}`)
  for (const database of [...stripeDatabases, 'yookassa', 'cluster']) await admin.query(`CREATE DATABASE ${database} TEMPLATE template`)
  await admin.end()

  // The job timer every 10 seconds on the shoppers' sites: the held trial's test waits that long for its start, not up
  // to a minute (src/lib/queue/tick.ts).
  const HELD_TRIAL_TICK = '10'
  const stripeSites = E2E_PORTS.stripe.map((port, index) =>
    // Their bot also leads to the site's purchase form (the operator's choice); the others' bots sell for Stars only.
    startSite({ name: `e2e-site-${index}`, mailPrefix: String(port), publicPort: port, instances: 1, env: { ...env, DATABASE_URL: databaseUrl(`stripe_${index}`), TELEGRAM_BOT_SITE_CHECKOUT: 'true', JOB_TICK_SECONDS: HELD_TRIAL_TICK } }),
  )
  // E2E_ONE_SITE: a file of the `stripe` project run by hand needs its one site only.
  const otherSites = ONE_SITE
    ? []
    : [
        startSite({
          name: 'e2e-site-yookassa',
          mailPrefix: String(E2E_PORTS.yookassa),
          publicPort: E2E_PORTS.yookassa,
          instances: 1,
          env: { ...env, DATABASE_URL: databaseUrl('yookassa'), PAYMENT_PROVIDER: 'yookassa', JOB_TICK_SECONDS: HELD_TRIAL_TICK },
        }),
        startSite({
          name: 'cluster',
          mailPrefix: 'cluster',
          publicPort: E2E_PORTS.cluster,
          instances: 2,
          redis: true,
          // The job timer every 5 seconds, not every minute: the test of who queues the scheduled tasks waits seconds.
          env: { ...env, DATABASE_URL: databaseUrl('cluster'), METRICS_TOKEN: CLUSTER_METRICS_TOKEN, JOB_TICK_SECONDS: '5' },
        }),
      ]
  const sites = await Promise.all([...stripeSites, ...otherSites])
  writeFileSync(path.join(root, SITES_FILE), JSON.stringify(Object.fromEntries(sites.map((site) => [site.publicPort, { dir: path.relative(root, site.dir), databaseUrl: site.env.DATABASE_URL }]))))
  const cluster = sites.find((site) => site.name === 'cluster')
  if (cluster) writeFileSync(CLUSTER_FILE, JSON.stringify({ instances: cluster.upstreams.map((upstream) => `http://${upstream}`), databaseUrl: databaseUrl('cluster') }))
  // nginx last, the last site's at the very end: Playwright waits for it, so every site is up when it answers.
  for (const site of sites) await proxy(site)
}

// A failed start stops what it had started (the database, instances, mail servers), never leaves them behind.
void main().catch((error: unknown) => {
  console.error(error)
  void stopAll(1)
})
