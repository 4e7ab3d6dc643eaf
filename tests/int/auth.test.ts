// E-mail link login and registration through the real route handlers, a real SMTP server and PostgreSQL.
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { TestSmtp } from '../helpers/smtp'
import { INT_MIRROR_HOST, INT_SERVER_URL } from '../helpers/intGlobalSetup'
import { workerDoubles } from '../helpers/intDoubles'
import { startSmtp, tokenFromMail } from '../helpers/smtp'

let smtp: TestSmtp
let payload: Payload
let requestLink: (request: Request) => Promise<Response>
let confirm: (request: Request) => Promise<Response>
let counter = 0

function uniqueEmail(): string {
  counter += 1
  return `visitor${Date.now()}${counter}@mail.example.com`
}

function linkRequest(body: Record<string, unknown>, ip = `10.0.0.${counter % 250}`): Request {
  return new Request('http://localhost/api/auth/request-link', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ locale: 'ru', ...body }),
  })
}

function confirmRequest(code: string, locale = 'ru'): Request {
  const form = new FormData()
  form.set('code', code)
  form.set('locale', locale)
  return new Request('http://localhost/api/auth/confirm', { method: 'POST', body: form })
}

async function userFromCookie(response: Response): Promise<{ email: string } | null> {
  const cookie = response.headers.get('set-cookie')
  if (!cookie) return null
  // As a browser sends it: Payload accepts the session cookie only on same-site requests.
  const { user } = await payload.auth({ headers: new Headers({ cookie: cookie.split(';')[0]!, 'sec-fetch-site': 'same-origin' }) })
  return user ? { email: user.email } : null
}

/** A new account made through the real link flow, with its session cookie. */
async function registeredVisitor(): Promise<{ email: string; cookie: string; confirmed: Response }> {
  const email = uniqueEmail()
  await requestLink(linkRequest({ email, purpose: 'register' }))
  const confirmed = await confirm(confirmRequest(tokenFromMail(await smtp.latestTo(email))))
  return { email, cookie: confirmed.headers.get('set-cookie')!.split(';')[0]!, confirmed }
}

/** A request to an account API as the browser sends it (same-site, with or without the session). */
function accountRequest(path: string, cookie: string | null, body?: unknown): Request {
  const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }
  if (cookie) headers.cookie = cookie
  return new Request(`http://localhost${path}`, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) })
}

/** The account's sessions as they are an hour after signing in (a stolen cookie, a shared computer). */
async function ageSessions(email: string): Promise<void> {
  const user = (await payload.find({ collection: 'users', where: { email: { equals: email } }, showHiddenFields: true, depth: 0 })).docs[0]!
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString()
  await payload.db.updateOne({ collection: 'users', id: user.id, data: { ...user, sessions: (user.sessions ?? []).map((session) => ({ ...session, createdAt: hourAgo })) }, returning: false })
}

beforeAll(async () => {
  // The worker's mail server, which the config was given (tests/helpers/intWorker.ts).
  smtp = (await workerDoubles()).smtp
  const { testPayload } = await import('../helpers/payload')
  payload = await testPayload()
  ;({ POST: requestLink } = await import('@/app/api/auth/request-link/route'))
  ;({ POST: confirm } = await import('@/app/api/auth/confirm/route'))
})

describe('registration by e-mail link', () => {
  it('creates the account only when the link is confirmed, then signs the user in', async () => {
    const email = uniqueEmail()
    const response = await requestLink(linkRequest({ email, purpose: 'register' }))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true, queued: false })
    const mail = await smtp.latestTo(email)
    expect(mail.subject).toBe('Подтвердите регистрацию на сайте VPN ключи')
    expect(mail.html).toContain('Подтвердить e-mail')
    expect((await payload.find({ collection: 'users', where: { email: { equals: email } } })).totalDocs).toBe(0)

    const confirmed = await confirm(confirmRequest(tokenFromMail(mail)))
    expect(confirmed.status).toBe(303)
    expect(confirmed.headers.get('location')).toMatch(/\/profile\/servers$/)
    expect(await userFromCookie(confirmed)).toEqual({ email })
    const created = await payload.find({ collection: 'users', where: { email: { equals: email } } })
    expect(created.docs[0]).toMatchObject({ role: 'customer', emailVerified: true })
  })

  it('sends a login link instead when the address already has an account, saying the same on screen', async () => {
    const email = uniqueEmail()
    await payload.create({ collection: 'users', data: { email, password: 'x'.repeat(20), role: 'customer' } })
    const response = await requestLink(linkRequest({ email, purpose: 'register' }))
    expect(await response.json()).toEqual({ ok: true, queued: false })
    expect((await smtp.latestTo(email)).subject).toBe('Вход на сайт VPN ключи')
  })
})

describe('login by e-mail link', () => {
  it('signs in with a real Payload session, which stops working once revoked (what logout does)', async () => {
    const email = uniqueEmail()
    await payload.create({ collection: 'users', data: { email, password: 'x'.repeat(20), role: 'customer' } })
    await requestLink(linkRequest({ email, purpose: 'login', next: '/en/profile/subscription' }))
    const confirmed = await confirm(confirmRequest(tokenFromMail(await smtp.latestTo(email))))
    expect(confirmed.headers.get('location')).toMatch(/\/en\/profile\/subscription$/)
    const user = await payload.find({ collection: 'users', where: { email: { equals: email } }, showHiddenFields: true })
    expect((user.docs[0] as { sessions?: unknown[] }).sessions).toHaveLength(1)
    expect(await userFromCookie(confirmed)).toEqual({ email })
    await payload.db.updateOne({ collection: 'users', id: user.docs[0]!.id, data: { ...user.docs[0], sessions: [] }, returning: false })
    expect(await userFromCookie(confirmed)).toBeNull()
  })

  it('answers known and unknown addresses the same way', async () => {
    const known = uniqueEmail()
    await payload.create({ collection: 'users', data: { email: known, password: 'x'.repeat(20), role: 'customer' } })
    const unknown = uniqueEmail()
    const a = await requestLink(linkRequest({ email: known, purpose: 'login' }))
    const b = await requestLink(linkRequest({ email: unknown, purpose: 'login' }))
    expect([a.status, await a.json()]).toEqual([b.status, await b.json()])
    expect((await smtp.latestTo(unknown)).text).toContain('Аккаунта с этим адресом пока нет')
  })

  it('refuses a link used once already, and a link older than 15 minutes', async () => {
    const email = uniqueEmail()
    await requestLink(linkRequest({ email, purpose: 'register' }))
    const token = tokenFromMail(await smtp.latestTo(email))
    expect((await confirm(confirmRequest(token))).headers.get('set-cookie')).toBeTruthy()
    const reused = await confirm(confirmRequest(token))
    expect(reused.headers.get('location')).toBe(`${INT_SERVER_URL}/link-expired`)
    expect(reused.headers.get('set-cookie')).toBeNull()

    const { consumeToken, issueToken } = await import('@/lib/auth/tokens')
    const old = await issueToken(payload, { purpose: 'login', email, locale: 'ru' })
    expect(await consumeToken(payload, old, undefined, new Date(Date.now() + 16 * 60 * 1000))).toBeNull()
  })

  it('gives one session when the same link is confirmed twice at once', async () => {
    const email = uniqueEmail()
    await requestLink(linkRequest({ email, purpose: 'register' }))
    const token = tokenFromMail(await smtp.latestTo(email))
    const results = await Promise.all([confirm(confirmRequest(token)), confirm(confirmRequest(token)), confirm(confirmRequest(token))])
    expect(results.filter((response) => response.headers.get('set-cookie')).length).toBe(1)
  })

  it('voids an older link when a newer one is sent', async () => {
    const email = uniqueEmail()
    await requestLink(linkRequest({ email, purpose: 'register' }))
    const first = tokenFromMail(await smtp.latestTo(email))
    const since = smtp.messages.length
    await requestLink(linkRequest({ email, purpose: 'register' }))
    const second = tokenFromMail(await smtp.latestTo(email, since))
    expect(second).not.toBe(first)
    expect((await confirm(confirmRequest(first))).headers.get('set-cookie')).toBeNull()
    expect((await confirm(confirmRequest(second))).headers.get('set-cookie')).toBeTruthy()
  })
})

describe('changing the e-mail address', () => {
  async function signedInUser(): Promise<{ email: string; cookie: string }> {
    const email = uniqueEmail()
    const user = await payload.create({ collection: 'users', data: { email, password: 'x'.repeat(20), role: 'customer' } })
    const { startSession } = await import('@/lib/auth/session')
    const cookie = (await startSession(payload, user.id)).split(';')[0]!
    return { email, cookie }
  }

  const changeRequest = (cookie: string | null, newEmail: string) => accountRequest('/api/account/change-email', cookie, { newEmail, locale: 'en' })

  it('confirms the new address by link, then changes it and tells the old address', async () => {
    const { POST: change } = await import('@/app/api/account/change-email/route')
    const { email, cookie } = await signedInUser()
    const newEmail = uniqueEmail()
    const response = await change(changeRequest(cookie, newEmail))
    expect(await response.json()).toEqual({ ok: true })
    const mail = await smtp.latestTo(newEmail)
    expect(mail.subject).toBe('Confirm your new e-mail at VPN keys')

    const confirmed = await confirm(confirmRequest(tokenFromMail(mail), 'en'))
    expect(confirmed.headers.get('location')).toMatch(/\/en\/profile\/preferences\?email=changed$/)
    expect((await payload.find({ collection: 'users', where: { email: { equals: newEmail } } })).totalDocs).toBe(1)
    expect((await smtp.latestTo(email)).text).toContain(`changed to ${newEmail}`)
  })

  it('answers an address another account uses as any other (no one learns whose it is), tells its owner, and changes nothing', async () => {
    const { POST: change } = await import('@/app/api/account/change-email/route')
    const { cookie, email } = await signedInUser()
    const { email: taken } = await signedInUser()
    const response = await change(changeRequest(cookie, taken))
    expect([response.status, await response.json()]).toEqual([200, { ok: true }])
    // In the owner's language (theirs is Russian), whatever the page's.
    const notice = await smtp.latestTo(taken)
    expect(notice.subject).toBe('Попытка привязать ваш адрес к другому аккаунту на сайте VPN ключи')
    expect(notice.text).not.toMatch(/verify-email/)
    expect((await payload.find({ collection: 'users', where: { email: { equals: email } } })).totalDocs).toBe(1)
  })

  it('needs a sign-in within 15 minutes or the current password: a session alone cannot move the account', async () => {
    const { POST: change } = await import('@/app/api/account/change-email/route')
    const { cookie, email } = await signedInUser()
    await ageSessions(email)
    const attempt = async (body: Record<string, string>) => {
      const response = await change(accountRequest('/api/account/change-email', cookie, { locale: 'ru', ...body }))
      return [response.status, ((await response.json()) as { error?: string }).error]
    }
    const attacker = uniqueEmail()
    expect(await attempt({ newEmail: attacker })).toEqual([403, 'reauthenticate'])
    expect(await attempt({ newEmail: attacker, currentPassword: 'a-guess-1234' })).toEqual([403, 'wrongCurrentPassword'])
    expect(smtp.messages.some((mail) => mail.to.includes(attacker))).toBe(false)
    expect(await attempt({ newEmail: uniqueEmail(), currentPassword: 'x'.repeat(20) })).toEqual([200, undefined])
  })

  it('fails with the spec\'s message for the current address, and needs a signed-in user', async () => {
    const { POST: change } = await import('@/app/api/account/change-email/route')
    const { cookie, email } = await signedInUser()
    const response = await change(changeRequest(cookie, email))
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({ ok: false, error: 'emailChangeFailed' })
    expect((await change(changeRequest(null, uniqueEmail()))).status).toBe(401)
  })
})

describe('the optional password', () => {
  it('can be set by the signed-in user, after which password login works too', async () => {
    const { email, cookie } = await registeredVisitor()
    const { POST: setPassword } = await import('@/app/api/account/password/route')
    const request = (password: string) => accountRequest('/api/account/password', cookie, { password })
    expect((await setPassword(request('short'))).status).toBe(400)
    expect((await setPassword(request('a-long-enough-password'))).status).toBe(200)
    const login = await payload.login({ collection: 'users', data: { email, password: 'a-long-enough-password' } })
    expect(login.user?.email).toBe(email)
  })
})

describe('changing the password', () => {
  const stillSignedIn = async (cookie: string) => (await payload.auth({ headers: new Headers({ cookie, 'sec-fetch-site': 'same-origin' }) })).user !== null

  it('right after signing in: saved, every other session ended, the owner told by e-mail', async () => {
    const { email, cookie } = await registeredVisitor()
    // The same account signed in on another device (a second link).
    await requestLink(linkRequest({ email, purpose: 'login' }))
    const other = (await confirm(confirmRequest(tokenFromMail(await smtp.latestTo(email))))).headers.get('set-cookie')!.split(';')[0]!
    expect(await stillSignedIn(other)).toBe(true)
    const { POST: setPassword } = await import('@/app/api/account/password/route')
    // The older session (the first link) is this one; the newer one is the other device.
    const response = await setPassword(accountRequest('/api/account/password', cookie, { password: 'a-new-password-1', locale: 'en' }))
    expect(response.status).toBe(200)
    expect(await stillSignedIn(cookie)).toBe(true)
    expect(await stillSignedIn(other)).toBe(false)
    const notice = await smtp.latestTo(email)
    expect(notice.subject).toBe('Your VPN keys password has been changed')
    expect(notice.text).toContain('every other signed-in session has ended')
  })

  it('a session older than a quarter hour needs the current password: without it or with a wrong one nothing changes', async () => {
    const { email, cookie } = await registeredVisitor()
    const { POST: setPassword } = await import('@/app/api/account/password/route')
    expect((await setPassword(accountRequest('/api/account/password', cookie, { password: 'first-password-1' }))).status).toBe(200)
    await ageSessions(email)

    const attempt = async (body: Record<string, string>) => {
      const response = await setPassword(accountRequest('/api/account/password', cookie, body))
      return [response.status, ((await response.json()) as { error?: string }).error]
    }
    expect(await attempt({ password: 'taken-over-password' })).toEqual([403, 'reauthenticate'])
    expect(await attempt({ password: 'taken-over-password', currentPassword: 'a-guess-1234' })).toEqual([403, 'wrongCurrentPassword'])
    await expect(payload.login({ collection: 'users', data: { email, password: 'taken-over-password' } })).rejects.toThrow()
    expect(await attempt({ password: 'second-password-2', currentPassword: 'first-password-1' })).toEqual([200, undefined])
    expect((await payload.login({ collection: 'users', data: { email, password: 'second-password-2' } })).user?.email).toBe(email)
  })
})

describe('marketing consent', () => {
  it('is off by default and the user switches it on and off for themselves only', async () => {
    const { email, cookie } = await registeredVisitor()
    const consentOf = async () => (await payload.find({ collection: 'users', where: { email: { equals: email } } })).docs[0]?.marketingConsent
    expect(await consentOf()).toBe(false)
    const { POST: setConsent } = await import('@/app/api/account/marketing/route')
    const request = (body: unknown, withCookie = true) => accountRequest('/api/account/marketing', withCookie ? cookie : null, body)
    expect((await setConsent(request({ consent: true }))).status).toBe(200)
    expect(await consentOf()).toBe(true)
    expect((await setConsent(request({ consent: false }))).status).toBe(200)
    expect(await consentOf()).toBe(false)
    expect((await setConsent(request({ consent: 'yes' }))).status).toBe(400)
    expect((await setConsent(request({ consent: true }, false))).status).toBe(401)
  })

  it('decides who may get marketing mail: withdrawing consent or deleting the account takes them off at once', async () => {
    const { marketingAudience } = await import('@/lib/mail/marketingAudience')
    const { email, cookie } = await registeredVisitor()
    const { POST: setConsent } = await import('@/app/api/account/marketing/route')
    const audience = async () => (await marketingAudience(payload)).map((entry) => entry.email)
    expect(await audience()).not.toContain(email)
    await setConsent(accountRequest('/api/account/marketing', cookie, { consent: true }))
    expect(await audience()).toContain(email)
    await setConsent(accountRequest('/api/account/marketing', cookie, { consent: false }))
    expect(await audience()).not.toContain(email)
    await setConsent(accountRequest('/api/account/marketing', cookie, { consent: true }))
    const { POST: remove } = await import('@/app/api/account/delete/route')
    await remove(accountRequest('/api/account/delete', cookie))
    expect(await audience()).not.toContain(email)
  })
})

describe('deleting an account', () => {
  it('disables the account at once, and logging in again within 30 days restores it', async () => {
    const { email, cookie, confirmed: first } = await registeredVisitor()
    const { POST: remove } = await import('@/app/api/account/delete/route')
    const since = smtp.messages.length
    const deleted = await remove(accountRequest('/api/account/delete', cookie))
    expect(deleted.status).toBe(200)
    expect(await userFromCookie(first)).toBeNull()
    expect((await smtp.latestTo(email, since)).subject).toBe('Ваш аккаунт на сайте VPN ключи удалён')
    await expect(payload.login({ collection: 'users', data: { email, password: 'anything-at-all' } })).rejects.toThrow()

    await requestLink(linkRequest({ email, purpose: 'login' }))
    const restored = await confirm(confirmRequest(tokenFromMail(await smtp.latestTo(email))))
    expect(await userFromCookie(restored)).toEqual({ email })
    const user = (await payload.find({ collection: 'users', where: { email: { equals: email } } })).docs[0]
    expect(user?.deletionRequestedAt ?? null).toBeNull()
  })

  it('removes accounts 30 days after deletion and keeps younger ones (clock advanced, not waited for)', async () => {
    const { purgeDeletedAccounts } = await import('@/lib/auth/accountDeletion')
    const now = new Date('2027-03-01T03:00:00Z')
    const old = uniqueEmail()
    const recent = uniqueEmail()
    await payload.create({ collection: 'users', data: { email: old, password: 'x'.repeat(20), role: 'customer', deletionRequestedAt: '2027-01-29T02:00:00Z' } })
    await payload.create({ collection: 'users', data: { email: recent, password: 'x'.repeat(20), role: 'customer', deletionRequestedAt: '2027-02-01T04:00:00Z' } })
    await purgeDeletedAccounts(payload, now)
    expect((await payload.find({ collection: 'users', where: { email: { equals: old } } })).totalDocs).toBe(0)
    expect((await payload.find({ collection: 'users', where: { email: { equals: recent } } })).totalDocs).toBe(1)
  })

  it('the daily schedule queues the purge for 03:00 and the job queue runs it', async () => {
    const email = uniqueEmail()
    await payload.create({
      collection: 'users',
      data: { email, password: 'x'.repeat(20), role: 'customer', deletionRequestedAt: new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString() },
    })
    // What the app's once-a-minute job runner does first on every tick.
    await payload.jobs.handleSchedules({ queue: 'default' })
    const scheduled = await payload.find({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'purgeDeletedAccounts' }, completedAt: { exists: false } },
      limit: 5,
    })
    expect(scheduled.totalDocs).toBe(1)
    const job = scheduled.docs[0]!
    const runsAt = new Date(job.waitUntil ?? '')
    expect(runsAt.getUTCHours()).toBe(3)
    expect(runsAt.getUTCMinutes()).toBe(0)
    expect(runsAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000)
    // A second tick before it runs queues nothing more.
    await payload.jobs.handleSchedules({ queue: 'default' })
    expect((await payload.count({ collection: 'payload-jobs', where: { taskSlug: { equals: 'purgeDeletedAccounts' }, completedAt: { exists: false } } })).totalDocs).toBe(1)

    // Let 03:00 come: the queue's next run performs the purge.
    await payload.update({ collection: 'payload-jobs', id: job.id, data: { waitUntil: new Date(Date.now() - 1000).toISOString() } })
    // This job only: the tick above queued every scheduled task (the key check would start real VPN clients).
    await payload.jobs.run({ queue: 'default', where: { id: { equals: job.id } } })
    // Completed jobs are removed from the queue (Payload's default).
    expect((await payload.count({ collection: 'payload-jobs', where: { id: { equals: job.id } } })).totalDocs).toBe(0)
    expect((await payload.find({ collection: 'users', where: { email: { equals: email } } })).totalDocs).toBe(0)
  })
})

describe('mail outages', () => {
  it('keeps the request when the mail server is down, says so, and sends it once the server is back with a link made then', async () => {
    const doubles = await workerDoubles()
    const port = Number(new URL(smtp.url).port)
    let down = false
    const stop = async () => {
      await smtp.close()
      down = true
    }
    /** The mail server back on its port, for this worker's next tests and files too. */
    const restart = async () => {
      smtp = doubles.smtp = await startSmtp(undefined, port)
      down = false
    }
    await stop()
    try {
      const email = uniqueEmail()
      const response = await requestLink(linkRequest({ email, purpose: 'register' }))
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ ok: true, queued: true })
      const queued = await payload.find({ collection: 'payload-jobs', where: { taskSlug: { equals: 'sendLinkEmail' } }, sort: '-createdAt', limit: 10 })
      const waiting = queued.docs.find((job) => (job.input as { email?: string }).email === email)
      expect(waiting).toBeDefined()
      // The queue holds the request, never a link.
      expect(JSON.stringify(waiting!.input)).not.toMatch(/verify-email|[A-Za-z0-9_-]{43}/)
      // The outage outlasts a link's 15 minutes: the link issued for the first attempt has expired by now.
      await payload.db.pool.query(`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE email = $1`, [email])

      await restart()
      await payload.jobs.run({ queue: 'default', where: { id: { equals: waiting!.id } } })
      const mail = await smtp.latestTo(email)
      // The link the mail carries was made when it was sent: it still works.
      const confirmed = await confirm(confirmRequest(tokenFromMail(mail)))
      expect(confirmed.headers.get('location')).toBe(`${INT_SERVER_URL}/profile/servers`)
      expect(await userFromCookie(confirmed)).toEqual({ email })
      // A form without JavaScript lands on the page that says the same.
      await stop()
      const plain = await requestLink(
        new Request('http://localhost/api/auth/request-link', { method: 'POST', body: new URLSearchParams({ email: uniqueEmail(), purpose: 'login', locale: 'en' }), headers: { 'x-forwarded-for': '10.0.9.9' } }),
      )
      expect(plain.headers.get('location')).toBe(`${INT_SERVER_URL}/en/login/queued`)
    } finally {
      if (down) await restart()
    }
  })
})

describe('input and limits', () => {
  it('rejects bad addresses before any mail is sent', async () => {
    const before = smtp.messages.length
    const invalid = await requestLink(linkRequest({ email: 'not-an-address', purpose: 'login' }))
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toEqual({ ok: false, error: 'invalidEmail' })
    const injected = await requestLink(linkRequest({ email: 'a@example.com\r\nBcc: b@example.com', purpose: 'login' }))
    expect(await injected.json()).toEqual({ ok: false, error: 'invalidValueForEmail' })
    expect(smtp.messages.length).toBe(before)
  })

  it('limits links per e-mail address from one network address with a retry time, shared through the database; a stranger elsewhere never uses up the owner’s', async () => {
    const email = uniqueEmail()
    const statuses: number[] = []
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await requestLink(linkRequest({ email, purpose: 'login' }, '10.1.7.1'))).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    const rows = await payload.db.pool.query('SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE $1', [`link-email:${email} %`])
    expect(rows.rows[0]?.n).toBe(1)
    // The owner, at home, still gets a link.
    expect((await requestLink(linkRequest({ email, purpose: 'login' }, '10.1.8.1'))).status).toBe(200)
  })

  it('counts the longest address there is like any other (its limiter key passes the table’s 255 characters)', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(53)}.example`
    const statuses: number[] = []
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await requestLink(linkRequest({ email, purpose: 'login' }, '2001:db8::77'))).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })

  it('forgets every ended window hourly, so the table does not grow with each address that ever asked', async () => {
    const ended = `link-ip:ended-${uniqueEmail()}`
    const running = `link-ip:running-${uniqueEmail()}`
    await payload.db.pool.query('INSERT INTO rate_limits (key, points, expire) VALUES ($1, 3, $2), ($3, 3, $4)', [ended, Date.now() - 1_000, running, Date.now() + 3_600_000])
    const { forgetExpiredLimits } = await import('@/lib/http/rateLimit')
    expect(await forgetExpiredLimits(payload)).toBeGreaterThanOrEqual(1)
    const left = await payload.db.pool.query('SELECT key FROM rate_limits WHERE key = ANY($1)', [[ended, running]])
    expect(left.rows.map((row: { key: string }) => row.key)).toEqual([running])
    const { forgetExpiredLimitsTask } = await import('@/jobs/forgetExpiredLimits')
    expect(forgetExpiredLimitsTask.schedule).toEqual([{ cron: '17 * * * *', queue: 'default' }])
  })

  it('counts by the address our proxy saw, so a client writing its own X-Forwarded-For cannot escape the limit', async () => {
    const statuses: number[] = []
    for (let attempt = 0; attempt < 31; attempt += 1) {
      // The client's made-up entries come first; the proxy in front appends the address it really saw.
      const forwarded = `198.51.100.${attempt}, 192.0.2.${attempt}, 203.0.113.9`
      statuses.push((await requestLink(linkRequest({ email: uniqueEmail(), purpose: 'login' }, forwarded))).status)
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true)
    expect(statuses[30]).toBe(429)
  })

  it('counts an IPv6 visitor by their /64: the addresses a home or a phone may pick from it share one allowance', async () => {
    const statuses: number[] = []
    for (let attempt = 0; attempt < 31; attempt += 1) {
      // Every way of writing an address of 2001:db8:77:1::/64 (leading zeros or not, any host part).
      const address = `2001:db8:77:${attempt % 2 ? '1' : '0001'}:${((attempt * 7919) % 0xffff).toString(16)}:${attempt.toString(16)}::${attempt + 1}`
      statuses.push((await requestLink(linkRequest({ email: uniqueEmail(), purpose: 'login' }, address))).status)
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true)
    expect(statuses[30]).toBe(429)
    // The next /64 is someone else.
    expect((await requestLink(linkRequest({ email: uniqueEmail(), purpose: 'login' }, '2001:db8:77:2::1'))).status).toBe(200)
  })

  it('keeps the page to return to when the login page posts itself without its script: the page it came from has it, on this site only', async () => {
    const plainForm = (email: string, referer: string) =>
      requestLink(
        new Request('http://localhost/api/auth/request-link', {
          method: 'POST',
          body: new URLSearchParams({ email, purpose: 'register', locale: 'en' }),
          headers: { referer, 'x-forwarded-for': `10.0.8.${counter % 250}` },
        }),
      )
    const email = uniqueEmail()
    const posted = await plainForm(email, `${INT_SERVER_URL}/en/login?next=${encodeURIComponent('/en/gift?code=ABCDEFGHJKLMNPQR')}`)
    expect(posted.headers.get('location')).toBe(`${INT_SERVER_URL}/en/login/sent`)
    expect((await confirm(confirmRequest(tokenFromMail(await smtp.latestTo(email)), 'en'))).headers.get('location')).toBe(`${INT_SERVER_URL}/en/gift?code=ABCDEFGHJKLMNPQR`)
    // Another site's page, or a page here whose `next` leads away: the account's own page.
    for (const referer of [`https://evil.example/en/login?next=${encodeURIComponent('/en/gift')}`, `${INT_SERVER_URL}/en/login?next=${encodeURIComponent('//evil.example/x')}`]) {
      const stranger = uniqueEmail()
      await plainForm(stranger, referer)
      expect((await confirm(confirmRequest(tokenFromMail(await smtp.latestTo(stranger)), 'en'))).headers.get('location')).toBe(`${INT_SERVER_URL}/en/profile/servers`)
    }
  })

  it('only redirects to paths on this site after confirming', async () => {
    const email = uniqueEmail()
    await requestLink(linkRequest({ email, purpose: 'register', next: 'https://evil.example/steal' }))
    const confirmed = await confirm(confirmRequest(tokenFromMail(await smtp.latestTo(email))))
    expect(confirmed.headers.get('location')).toBe(`${INT_SERVER_URL}/profile/servers`)
  })

  it('builds every redirect on SERVER_URL, whatever host, forwarded host or scheme the request came with', async () => {
    const email = uniqueEmail()
    await requestLink(linkRequest({ email, purpose: 'register', locale: 'en' }))
    const form = new FormData()
    form.set('code', tokenFromMail(await smtp.latestTo(email)))
    form.set('locale', 'en')
    const headers = { host: '127.0.0.1:3999', 'x-forwarded-host': 'free.keys.test', 'x-forwarded-proto': 'https' }
    const confirmed = await confirm(new Request('http://127.0.0.1:3999/api/auth/confirm', { method: 'POST', body: form, headers }))
    expect(confirmed.headers.get('location')).toBe(`${INT_SERVER_URL}/en/profile/servers`)
    const invalid = await requestLink(new Request('http://localhost:3999/api/auth/request-link', { method: 'POST', body: new FormData(), headers }))
    expect(invalid.headers.get('location')).toBe(`${INT_SERVER_URL}/login/invalid`)
  })

  it('signs in on a mirror: the e-mailed link and every redirect stay on the mirror the form was sent from', async () => {
    const email = uniqueEmail()
    const mirror = `https://${INT_MIRROR_HOST}`
    // nginx passes the host as the visitor typed it; the port is SERVER_URL's to say, whatever the request names.
    const onMirror = { host: '127.0.0.1:3999', 'x-forwarded-host': `${INT_MIRROR_HOST}:8443`, origin: mirror, 'sec-fetch-site': 'same-origin' }
    const asked = linkRequest({ email, purpose: 'register' })
    const sent = await requestLink(new Request(asked.url, { method: 'POST', body: await asked.text(), headers: { ...Object.fromEntries(asked.headers), ...onMirror } }))
    expect(sent.status).toBe(200)
    const mail = await smtp.latestTo(email)
    expect(mail.text).toContain(`${mirror}/verify-email/`)
    const form = new FormData()
    form.set('code', tokenFromMail(mail))
    form.set('locale', 'ru')
    const confirmed = await confirm(new Request('http://127.0.0.1:3999/api/auth/confirm', { method: 'POST', body: form, headers: onMirror }))
    expect(confirmed.headers.get('location')).toBe(`${mirror}/profile/servers`)
    expect(await userFromCookie(confirmed)).toMatchObject({ email })
    // The session cookie names no domain: it belongs to the mirror alone, as the main host's belongs to it.
    expect(confirmed.headers.get('set-cookie')).not.toMatch(/Domain=/i)
    // Payload counts the session on the mirror's requests (its CSRF allowlist holds every own origin), and on no other site's.
    const cookie = confirmed.headers.get('set-cookie')!.split(';')[0]!
    const { currentUser } = await import('@/edge/currentUser')
    expect(await currentUser(new Headers({ cookie, origin: mirror, 'sec-fetch-site': 'same-origin' }))).toMatchObject({ email })
    expect(await currentUser(new Headers({ cookie, origin: `https://${INT_MIRROR_HOST}.evil.example` }))).toBeNull()
    expect(await currentUser(new Headers({ cookie, origin: 'https://evil.example' }))).toBeNull()
  })

  it('refuses a confirmation posted from another site (login CSRF), leaving the link usable', async () => {
    const email = uniqueEmail()
    await requestLink(linkRequest({ email, purpose: 'register' }))
    const code = tokenFromMail(await smtp.latestTo(email))
    const attacks: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }]
    for (const headers of attacks) {
      const form = new FormData()
      form.set('code', code)
      const refused = await confirm(new Request('http://localhost/api/auth/confirm', { method: 'POST', body: form, headers }))
      expect(refused.status).toBe(403)
      expect(refused.headers.get('set-cookie')).toBeNull()
    }
    const form = new FormData()
    form.set('code', code)
    const sameSite = await confirm(new Request('http://localhost/api/auth/confirm', { method: 'POST', body: form, headers: { origin: INT_SERVER_URL } }))
    expect(sameSite.headers.get('set-cookie')).toBeTruthy()
  })
})
