// Two app instances on one database and one Redis (tests/helpers/e2eCluster.ts), as production runs when it
// outgrows one process: what one instance changes, the other shows at once.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { expect, test } from '@playwright/test'
import { Client } from 'pg'
import type { APIRequestContext } from '@playwright/test'

import { freePort } from '../../scripts/lib/ports'
import { DEMO_ACCOUNTS } from '../../src/seed/accounts'
import { startSmtp } from '../helpers/smtp'

import { RU } from './helpers'
import { latestMailTo, linkFromMail } from './mail'

const editor = DEMO_ACCOUNTS.find((account) => account.role === 'editor')!

function cluster(): { instances: [string, string]; databaseUrl: string } {
  return JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../.test/cluster.json'), 'utf8')) as { instances: [string, string]; databaseUrl: string }
}

const instances = () => cluster().instances

async function editorAuth(request: APIRequestContext, instance: string): Promise<Record<string, string>> {
  const login = await request.post(`${instance}/api/users/login`, { data: { email: editor.email, password: editor.password } })
  expect(login.status()).toBe(200)
  return { Authorization: `JWT ${((await login.json()) as { token: string }).token}` }
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
  try {
    const started = Date.now()
    await expect(async () => expect(await (await request.get(`${b}/tariffs`, { headers: RU })).text()).toMatch(/777\s₽/)).toPass({ timeout: 1_000, intervals: [100] })
    expect(Date.now() - started).toBeLessThan(1_000)
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
  await expect(async () => {
    expect(await (await request.get(`${b}/vless-nl`, { headers: RU })).text()).not.toContain(`data-key-id="${id}"`)
    expect(await feed()).not.toContain(keyString)
  }).toPass({ timeout: 1_000, intervals: [100] })
})

test('a key changed through one instance re-renders the key lists, while the plans page stays cached on the other', async ({ request }) => {
  const [a, b] = instances()
  const auth = await editorAuth(request, a)
  await request.get(`${b}/tariffs`, { headers: RU })
  expect((await request.get(`${b}/tariffs`, { headers: RU })).headers()['x-nextjs-cache']).toBe('HIT')
  const id = /data-key-id="(\d+)"/.exec(await (await request.get(`${b}/outline-nl`, { headers: RU })).text())?.[1]
  expect(id).toBeTruthy()
  expect((await request.patch(`${a}/api/keys/${id}`, { headers: auth, data: { revokedAt: new Date().toISOString() } })).status()).toBe(200)
  try {
    await expect(async () => expect(await (await request.get(`${b}/outline-nl`, { headers: RU })).text()).not.toContain(`data-key-id="${id}"`)).toPass({ timeout: 1_000, intervals: [100] })
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
  const link = new URL(linkFromMail(await latestMailTo(email)))
  const token = link.pathname.split('/').pop()!
  const confirmed = await request.post(`${b}/api/auth/confirm`, { form: { code: token, locale: 'ru' }, maxRedirects: 0 })
  expect(confirmed.status()).toBe(303)
  for (const instance of [a, b]) {
    const me = (await (await request.get(`${instance}/api/users/me`, { headers: { 'sec-fetch-site': 'same-origin' } })).json()) as { user: { email: string } | null }
    expect(me.user?.email, instance).toBe(email)
  }
})

test('the scheduled rotation and health check are queued once, by one of the two instances', async () => {
  // The instances' first minute tick may still be coming.
  test.setTimeout(100_000)
  // Payload's job queue is not readable over its API: asked of the database the two instances share.
  const client = new Client({ connectionString: cluster().databaseUrl })
  await client.connect()
  try {
    // Both instances tick every minute; only the holder of the runner lock queues and runs.
    await expect(async () => {
      const { rows } = await client.query(
        "SELECT task_slug AS task, count(*)::int AS queued FROM payload_jobs WHERE completed_at IS NULL AND task_slug IN ('rotateFreeKeys', 'checkServerHealth') GROUP BY task_slug ORDER BY task_slug::text",
      )
      expect(rows).toEqual([
        { task: 'checkServerHealth', queued: 1 },
        { task: 'rotateFreeKeys', queued: 1 },
      ])
    }).toPass({ timeout: 70_000, intervals: [2_000] })
  } finally {
    await client.end()
  }
})

/** Whether anything accepts connections on this loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** An npm command in the repository in production, with exactly this environment; resolves with its exit code and output. */
function npmRun(args: string[], env: Record<string, string>) {
  const environment: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...env }
  const child = spawn('npm', args, { cwd: path.resolve(import.meta.dirname, '../..'), env: environment, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')))
  return { child, exited, output: () => output }
}

test('a new operator’s first day: a fresh database served by `npm start` in production has its countries, legal pages, defaults and a checklist, sells nothing it cannot, and stops with the SIGTERM systemd sends', async ({ browser }) => {
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
  try {
    const made = npmRun(['run', 'create-admin', '--', 'owner@fresh.example'], { ...env, ADMIN_PASSWORD: 'fresh-admin-password-2026' })
    expect(await made.exited, made.output()).toBe(0)
    site = npmRun(['start'], env)
    await expect(async () => expect((await fetch(`http://127.0.0.1:${port}/bench.txt`)).status).toBe(200)).toPass({ timeout: 90_000, intervals: [500] })
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
    await expect(checklist).toContainText('2 из 7 готово')
    await expect(checklist.locator('li[data-done="true"]')).toHaveText([/Страны в справочнике/, /Политика конфиденциальности, соглашение и поддержка опубликованы/])
    await expect(checklist.getByRole('link', { name: /Тарифы VIP/ })).toHaveAttribute('href', '/admin/collections/tariffs')
    await context.close()

    site.child.kill('SIGTERM')
    const stoppedAt = Date.now()
    await expect(async () => expect(await listening(port)).toBe(false)).toPass({ timeout: 12_000, intervals: [200] })
    // npm itself ends as a process ended by the signal (npm 11: by the signal, or 143); the site's server is what must stop.
    expect([0, 143, 'SIGTERM']).toContain(await Promise.race([site.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 12_000 - (Date.now() - stoppedAt)))]))
  } finally {
    if (site && site.child.exitCode === null) site.child.kill('SIGKILL')
    await smtp.close()
    rmSync(dataDir, { recursive: true, force: true })
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
    await admin.end()
  }
})
