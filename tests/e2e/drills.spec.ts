// The operators' drills that run beside the cluster's own tests (playwright.config.ts: the two projects side by side,
// after the sites' tests): a backup restored from its bucket on Debian's PostgreSQL, a new operator's first day on a
// fresh database of the cluster's PostgreSQL, `npm run dev`'s stop. Each runs the site's own npm commands, on databases
// and ports of its own, so a worker done with the cluster's tests takes the next drill (one after another, the
// drills' worker ran on alone for about a minute after the cluster's finished).
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { Client } from 'pg'

import { freePort } from '../../scripts/lib/ports'
import { moduleConditions } from '../../scripts/lib/tsChild'
import { hasDebianPostgres, startDebianPostgres } from '../helpers/debianPostgres'
import { startNginx } from '../helpers/nginx'
import { startBucket } from '../helpers/s3'
import { startSmtp } from '../helpers/smtp'

import { cluster, hasCommand, listening, npmRun, START_WITHIN, untilAnswers } from './drills'
import { islandsStarted } from './helpers'
import { linkCode } from './mail'
import { expect, test } from './test'

test.describe.configure({ mode: 'parallel' })

test('backups: `npm run backup` keeps the newest ones here with their checksums, only writes them to an S3 bucket, and records its outcome for alerts, `npm run restore` refuses a database in use, and a backup restored from the bucket, checked against its checksum there, serves the same lists, subscription and sign-in', async ({ request }) => {
  test.skip(!hasDebianPostgres || !hasCommand('rclone'), "Debian's PostgreSQL (postgresql-15) or rclone is not installed: npm test installs them when run as root")
  test.setTimeout(480_000)
  const pg = await startDebianPostgres()
  const smtp = await startSmtp()
  const bucket = await startBucket()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vpnkeys-drill-'))
  const backupDir = path.join(dataDir, 'backups')
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const email = `drill${Date.now()}@mail.example`
  const env = { DATABASE_URL: pg.url('drill'), DATA_DIR: dataDir, PAYLOAD_SECRET: randomBytes(24).toString('hex'), BACKUP_DIR: backupDir, ...bucket.env('site') }
  const site = { NODE_ENV: 'production', PORT: String(port), SERVER_URL: origin, SMTP_URL: smtp.url, EMAIL_FROM: 'hello@drill.example' }
  let running: ReturnType<typeof npmRun> | null = null
  const start = async () => {
    running = npmRun(['start'], { ...env, ...site })
    await untilAnswers(`${origin}/bench.txt`, running)
  }
  const stop = async () => {
    running?.child.kill('SIGTERM')
    await running?.exited
  }
  const run = async (args: string[], more: Record<string, string> = {}) => {
    const command = npmRun(args, { ...env, NODE_ENV: 'development', ...more })
    return { code: await command.exited, output: command.output() }
  }
  /** What the backups recorded for the staff alerts (src/lib/alerts/conditions.ts). */
  const backupSignal = async () => {
    const client = new Client({ connectionString: pg.url('drill') })
    await client.connect()
    try {
      return (await client.query<{ failures: number; last_error: string | null; ok: boolean }>(`SELECT failures, last_error, last_ok_at IS NOT NULL AS ok FROM alert_signals WHERE name = 'backup'`)).rows[0]
    } finally {
      await client.end()
    }
  }
  try {
    await pg.query('CREATE DATABASE drill')
    // A site in use: the demo world, a subscriber with a paid subscription, its history and a device key.
    expect((await run(['run', 'seed'])).code).toBe(0)
    // Under the resolution conditions every start of the site's scripts has (scripts/lib/tsChild.ts): without them,
    // Node 20 may leave Lexical's top-level awaits unsettled and exit 13 before the script starts (clone 85).
    const fill = npmRun(['exec', '--', 'tsx', 'tests/helpers/drillFill.ts', email], { ...env, NODE_ENV: 'development', NODE_OPTIONS: moduleConditions({ NODE_ENV: 'development' }).join(' ') })
    expect(await fill.closed, fill.output()).toBe(0)
    const filled = JSON.parse(fill.output().trim().split('\n').at(-1)!) as { path: string }
    await start()
    /** What visitors and the subscriber's apps are answered. */
    const answers = async () => {
      const keysOn = async (url: string) => [...(await (await fetch(url)).text()).matchAll(/(?:vless|trojan|ss):\/\/[^"<\s]+/g)].map((match) => match[0]).sort()
      const feed = Buffer.from(await (await fetch(`${origin}/api/feed/vless-nl/base64`)).text(), 'base64').toString('utf8')
      const poll = await fetch(`${origin}${filled.path}`, { headers: { 'user-agent': 'v2rayNG/1.9.0' } })
      return { home: await keysOn(`${origin}/`), feed, status: poll.status, subscription: Buffer.from(await poll.text(), 'base64').toString('utf8') }
    }
    const before = await answers()
    expect(before.home.length).toBeGreaterThan(0)
    expect(before.feed).toContain('vless://')
    expect(before.status).toBe(200)
    expect(before.subscription).toMatch(/:\/\//)
    await stop()

    // Older backups beside, here and in the bucket: the newest BACKUP_KEEP stay here, with their checksums, and files
    // of other names are left alone; the bucket is only written to (its own lifecycle rule removes old copies).
    mkdirSync(backupDir, { recursive: true })
    for (const day of ['01', '02', '03']) {
      writeFileSync(path.join(backupDir, `vpnkeys-202501${day}T000000Z.dump`), 'old')
      await bucket.put(`site/vpnkeys-202501${day}T000000Z.dump`, 'old')
    }
    writeFileSync(path.join(backupDir, 'notes.txt'), 'mine')
    await bucket.put('site/notes.txt', 'mine')
    const backup = await run(['run', 'backup'], { BACKUP_KEEP: '2' })
    expect(backup.code, backup.output).toBe(0)
    const file = backup.output.trim().split('\n').at(-1)!
    const name = path.basename(file)
    expect(readdirSync(backupDir).sort()).toEqual(['notes.txt', 'vpnkeys-20250103T000000Z.dump', name, `${name}.sha256`])
    expect(await bucket.list('site')).toEqual(['notes.txt', 'vpnkeys-20250101T000000Z.dump', 'vpnkeys-20250102T000000Z.dump', 'vpnkeys-20250103T000000Z.dump', name, `${name}.sha256`])
    expect(await backupSignal()).toEqual({ failures: 0, last_error: null, ok: true })
    // A bucket that refuses the copy: the run fails, says why, and the staff alert has it.
    const refusedCopy = await run(['run', 'backup'], { BACKUP_KEEP: '2', BACKUP_S3_URL: 's3://no-such-bucket/site' })
    expect(refusedCopy.code).toBe(1)
    expect(refusedCopy.output).toContain('could not be copied to s3://no-such-bucket/site')
    expect(await backupSignal()).toMatchObject({ failures: 1, last_error: expect.stringContaining('could not be copied to s3://no-such-bucket/site'), ok: true })
    // Without a name, restore lists the newest backups, here and in the bucket.
    const listed = await run(['run', 'restore'])
    expect(listed.code).toBe(1)
    expect(listed.output).toContain(`s3://backups/site/${name}`)
    expect(listed.output).toContain(file)

    // Not over a database in use, unless told; not from a file that is not a backup.
    const refused = await run(['run', 'restore', '--', file])
    expect(refused.code).toBe(1)
    expect(refused.output).toMatch(/already has \d+ tables: restore only into an empty database/)
    expect((await run(['run', 'restore', '--', path.join(backupDir, 'notes.txt')])).output).toContain('no checksum was found beside')
    expect((await run(['run', 'restore', '--', path.join(backupDir, 'notes.txt'), '--unverified'])).output).toContain('is not a backup made by npm run backup')

    // The machine is lost with the database; a new empty one gets the backup from the bucket.
    await pg.query('DROP DATABASE drill')
    await pg.query('CREATE DATABASE drill')
    rmSync(backupDir, { recursive: true, force: true })
    const restored = await run(['run', 'restore', '--', `s3://backups/site/${name}`])
    expect(restored.code, restored.output).toBe(0)
    expect(restored.output).toContain(`Restored s3://backups/site/${name} (its SHA-256 matched)`)
    await start()
    expect(await answers()).toEqual(before)
    // The subscriber signs in by e-mail link and finds their subscription and device key.
    expect((await request.post(`${origin}/api/auth/request-link`, { form: { email, purpose: 'login', locale: 'ru' }, maxRedirects: 0 })).status()).toBe(303)
    await expect.poll(() => smtp.messages.filter((mail) => mail.to.includes(email)).length).toBeGreaterThan(0)
    const code = linkCode(smtp.messages.filter((mail) => mail.to.includes(email)).at(-1)!)
    expect((await request.post(`${origin}/api/auth/confirm`, { form: { code, locale: 'ru' }, maxRedirects: 0 })).status()).toBe(303)
    const me = (await (await request.get(`${origin}/api/users/me`, { headers: { 'sec-fetch-site': 'same-origin' } })).json()) as { user: { email: string } | null }
    expect(me.user?.email).toBe(email)
    const profile = (await (await request.get(`${origin}/profile`, { headers: { 'sec-fetch-site': 'same-origin' } })).text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
    expect(profile).toContain(`Вы вошли как ${email}`)
    expect(profile).toContain('Drill phone')
  } finally {
    await stop()
    await smtp.close()
    await bucket.close()
    await pg.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
})

test('a new operator’s first day: a fresh database served by `npm start` in production has its countries, legal pages, defaults and a checklist, sells nothing it cannot, logs JSON lines without addresses, tells an uptime check behind nginx of a database outage the cache hides, and stops with the SIGTERM systemd sends', async ({ browser }) => {
  test.setTimeout(240_000)
  const database = `fresh_${Date.now()}`
  const admin = new Client({ connectionString: cluster().databaseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${database}`)
  const smtp = await startSmtp()
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vpnkeys-instance-'))
  const url = new URL(cluster().databaseUrl)
  url.pathname = `/${database}`
  // What an operator's .env holds: strict production, no payment keys, no settings saved yet.
  const env = {
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    PAYLOAD_SECRET: randomBytes(24).toString('hex'),
    SERVER_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    EMAIL_FROM: 'hello@fresh.example',
  }
  let site: ReturnType<typeof npmRun> | null = null
  let nginx: Awaited<ReturnType<typeof startNginx>> | null = null
  try {
    const made = npmRun(['run', 'create-admin', '--', 'owner@fresh.example'], { ...env, ADMIN_PASSWORD: 'fresh-admin-password-2026' })
    expect(await made.exited, made.output()).toBe(0)
    site = npmRun(['start'], env)
    await untilAnswers(`http://127.0.0.1:${port}/bench.txt`, site)
    // The banner says how it stops; there is no embedded PostgreSQL to stop with it.
    expect(site.output()).toContain('Stop:   Ctrl-C or SIGTERM to this command\n')

    const origin = `http://127.0.0.1:${port}`
    const context = await browser.newContext({ baseURL: origin, locale: 'ru-RU' })
    const page = await context.newPage()
    // Pages read their defaults until an editor saves the settings: the name, the sending address for support.
    await page.goto('/')
    const footer = page.locator('footer')
    await expect(footer).toContainText('hello@fresh.example')
    await expect(footer).toContainText(`© ${new Date().getFullYear()} VPN ключи`)
    expect(await page.locator('body').innerText()).not.toContain('undefined')
    // No plans and no payment keys: no VIP claims or trial calls.
    await expect(page.getByTestId('trial-banner')).toHaveCount(0)
    await expect(page.locator('header').getByRole('link', { name: 'Тарифы VIP' })).toHaveCount(0)
    // Registration mails its link, named with the default site name.
    await page.goto('/register')
    await islandsStarted(page)
    await page.getByRole('textbox', { name: 'E-mail' }).fill('visitor@fresh.example')
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click()
    await expect(page.getByTestId('link-sent')).toContainText('Проверьте почту')
    await expect.poll(() => smtp.messages.map((mail) => mail.subject)).toContain('Подтвердите регистрацию на сайте VPN ключи')

    // The legal pages every form links to, from the first start.
    for (const [path, heading] of [['/privacy', /Политика конфиденциальности/], ['/user-agreement', /Пользовательское соглашение/], ['/support', /Поддержка/], ['/en/privacy', /Privacy policy/i]] as const) {
      const answer = await page.goto(path)
      expect(answer?.status(), path).toBe(200)
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading)
    }
    // The admin's dashboard lists what the site still needs, and ticks off what it has.
    await page.goto('/admin')
    await page.getByLabel(/e-?mail/i).fill('owner@fresh.example')
    await page.getByLabel(/пароль/i).fill('fresh-admin-password-2026')
    await page.getByRole('button', { name: /войти/i }).click()
    const checklist = page.getByTestId('first-day')
    // The legal pages exist from templates, but nobody has read them yet: not ticked until staff save them.
    await expect(checklist).toContainText('1 из 7 готово')
    await expect(checklist.locator('li[data-done="true"]')).toHaveText([/Страны в справочнике/])
    await expect(checklist.locator('li[data-done="false"]').filter({ hasText: 'Политика конфиденциальности, соглашение и поддержка проверены и сохранены сотрудником' })).toHaveCount(1)
    await expect(checklist.getByRole('link', { name: /Тарифы VIP/ })).toHaveAttribute('href', '/admin/collections/tariffs')
    await context.close()

    // No METRICS_TOKEN: no metrics endpoint.
    expect((await fetch(`${origin}/api/metrics`)).status).toBe(404)
    // Behind nginx from the template, an uptime check asks for readiness, which no cache answers.
    const nginxPort = await freePort()
    nginx = await startNginx({ dir: path.join(dataDir, 'nginx'), listenPort: nginxPort, upstreams: [`127.0.0.1:${port}`] })
    const proxied = `http://127.0.0.1:${nginxPort}`
    await expect(async () => expect((await fetch(`${proxied}/`, { headers: { 'Accept-Language': 'ru' } })).headers.get('x-cache-status')).toBe('HIT')).toPass({ timeout: 10_000 })
    const readiness = async () => {
      const answer = await fetch(`${proxied}/api/health/ready`)
      return { status: answer.status, body: (await answer.json()) as { status: string; checks: Record<string, string> } }
    }
    expect(await readiness()).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'not-configured', jobs: 'ok' } } })
    // The database goes away (as when PostgreSQL stops): the home page still comes from nginx's cache; readiness says so.
    await admin.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS false`)
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database])
    await expect(async () => expect(await readiness()).toMatchObject({ status: 503, body: { status: 'not-ready', checks: { database: 'down' } } })).toPass({ timeout: 10_000 })
    expect((await fetch(`${proxied}/`, { headers: { 'Accept-Language': 'ru' } })).status).toBe(200)
    await admin.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS true`)
    await expect(async () => expect((await readiness()).status).toBe(200)).toPass({ timeout: 15_000, intervals: [500] })

    // A stranger's refused requests (403, 404, 429, a refused GraphQL query) are written as refusals, never as errors
    // with stacks: the production build's minified class names must not decide (Payload's levels match them by name).
    const refusedIds: string[] = []
    const refuse = async (target: string, init: RequestInit = {}) => {
      const answer = await fetch(`${origin}${target}`, { ...init, headers: { 'x-forwarded-for': '198.51.100.77', 'content-type': 'application/json', ...init.headers } })
      refusedIds.push(answer.headers.get('x-request-id')!)
      return answer.status
    }
    expect(await refuse('/api/keys?limit=100000')).toBe(403)
    expect(await refuse('/api/subscriptions/1')).toBe(403)
    expect(await refuse('/api/countries/999999')).toBe(404)
    await refuse('/api/graphql', { method: 'POST', body: JSON.stringify({ query: '{ Keys { docs { keyString } } }' }) })
    const aliases = Array.from({ length: 40 }, (_, index) => `k${index}: Countries(limit: 100) { docs { name } }`).join(' ')
    await refuse('/api/graphql', { method: 'POST', body: JSON.stringify({ query: `{ ${aliases} }` }) })
    const limitedStatuses: number[] = []
    for (let read = 0; read < 121; read += 1) limitedStatuses.push(await refuse('/api/countries?limit=1&depth=0'))
    expect(limitedStatuses.at(-1)).toBe(429)
    await expect
      .poll(() => site!.output().split('\n').filter((line) => refusedIds.some((id) => line.includes(`"reqId":"${id}"`)) && line.includes('"refused":true')).length)
      .toBeGreaterThanOrEqual(5)
    const aboutRefusals = site
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{') && refusedIds.some((id) => line.includes(`"reqId":"${id}"`)))
      .map((line) => JSON.parse(line) as { level: string; msg: string; status?: number | string; err?: unknown })
    expect(aboutRefusals.filter((entry) => entry.level === 'error')).toEqual([])
    expect(aboutRefusals.filter((entry) => entry.msg !== 'request').every((entry) => entry.level === 'info' && entry.err === undefined)).toBe(true)
    expect(aboutRefusals.filter((entry) => entry.msg !== 'request').map((entry) => entry.status)).toEqual(expect.arrayContaining([403, 404, 429]))

    // Every line the site's server and Payload wrote after the banner is JSON with a time, a level and a message;
    // requests are logged with their id, route, status and duration; no e-mail address is written.
    const logged = site.output().split('  Stop:   ')[1]!.split('\n').slice(1).filter((line) => line.trim() !== '')
    const entries = logged.map((line) => JSON.parse(line) as Record<string, unknown>)
    for (const entry of entries) expect(entry).toEqual(expect.objectContaining({ time: expect.any(String), level: expect.any(String), msg: expect.any(String) }))
    expect(entries).toContainEqual(expect.objectContaining({ msg: 'request', method: 'POST', route: 'auth', path: '/api/auth/request-link', status: expect.stringMatching(/^\d{3}$/), reqId: expect.any(String), durationMs: expect.any(Number) }))
    expect(entries).toContainEqual(expect.objectContaining({ msg: 'request', method: 'GET', route: 'page', path: '/register', status: '200' }))
    expect(site.output()).not.toContain('visitor@fresh.example')
    expect(site.output()).not.toContain('owner@fresh.example')

    site.child.kill('SIGTERM')
    const stoppedAt = Date.now()
    await expect(async () => expect(await listening(port)).toBe(false)).toPass({ timeout: 12_000, intervals: [200] })
    // npm itself ends as a process ended by the signal (npm 11: by the signal, or 143); the site's server is what must stop.
    expect([0, 143, 'SIGTERM']).toContain(await Promise.race([site.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 12_000 - (Date.now() - stoppedAt)))]))
  } finally {
    if (site && site.child.exitCode === null) site.child.kill('SIGKILL')
    await nginx?.close()
    await smtp.close()
    rmSync(dataDir, { recursive: true, force: true })
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
    await admin.end()
  }
})

test('`npm run dev` stops within two seconds of Ctrl-C, the browser’s live-reload socket open or not', async () => {
  test.setTimeout(360_000)
  const port = await freePort()
  // The cluster's database (an external one: no embedded PostgreSQL to stop), in development.
  const dev = npmRun(['run', 'dev'], { NODE_ENV: 'development', PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vpnkeys-dev-')), DATABASE_URL: cluster().databaseUrl })
  try {
    await expect(async () => expect(dev.output()).toContain(`[server] ready on port ${port}`)).toPass({ timeout: START_WITHIN, intervals: [500] })
    // A socket that never goes idle, as the browser's live reload keeps.
    const held = connect({ host: '127.0.0.1', port })
    await new Promise((resolve) => held.once('connect', resolve))
    held.write('GET /bench.txt HTTP/1.1\r\nHost: localhost\r\n\r\n')
    held.on('error', () => undefined)
    // Ctrl-C reaches every process of the terminal's group; npm passes it on to the site's.
    dev.child.kill('SIGINT')
    const stoppedAt = Date.now()
    await expect(async () => expect(await listening(port)).toBe(false)).toPass({ timeout: 2_000, intervals: [100] })
    // Then the command ends, and the terminal is the developer's again: the site gives Next's own close a second (it
    // settles in 1.5 s when let finish), its process then takes about 0.6 s more to end, run.ts and npm theirs (1.7 s
    // in all on an idle machine, 3.2 s once beside the cluster's tests on a slow one). What this guards
    // against is the wait for the ten-second grace the server keeps for production (src/server/main.ts), which Next's
    // close that never settled made it take: 11 s.
    expect(await Promise.race([dev.exited.then(() => Date.now() - stoppedAt), new Promise((resolve) => setTimeout(() => resolve('still running'), 8_000))])).toBeLessThan(5_000)
    held.destroy()
  } finally {
    if (dev.child.exitCode === null) dev.child.kill('SIGKILL')
  }
})
