// Buying VIP through the real route handlers, PostgreSQL and SMTP, against the Stripe double (which follows
// Stripe's API contract); webhook events are signed with Stripe's own generateTestHeaderString.
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { DoubleEvent } from '../../scripts/lib/stripeDouble'
import * as billing from '../helpers/billing'
import type { BillingWorld } from '../helpers/billing'
import { INT_MIRROR_HOST, INT_SERVER_URL } from '../helpers/intGlobalSetup'
import { createPromo } from '../helpers/promo'

let world: BillingWorld
const stripe = new Stripe(billing.SECRET_KEY)
const WEBHOOK_SECRET = billing.WEBHOOK_SECRET
const uniqueEmail = () => billing.uniqueEmail()
const planId = (months: string) => billing.planId(world, months)
const checkoutRequest = billing.checkoutRequest
const deliver = (event: Pick<DoubleEvent, 'body' | 'signature'>) => billing.deliver(world, event)
const control = (pathname: string) => billing.control(world, pathname)
const purchase = (email: string, months?: string, locale?: string) => billing.purchase(world, email, months, locale)
const checkout = (request: Request) => world.checkout(request)

async function subscriptionRecord(providerId: string) {
  const found = await world.payload.find({ collection: 'subscriptions', where: { 'provider.subscriptionId': { equals: providerId } }, depth: 0 })
  return found.docs[0]
}

async function historyOf(subscriptionId: number): Promise<string[]> {
  const found = await world.payload.find({ collection: 'subscription-events', where: { subscription: { equals: subscriptionId } }, pagination: false, depth: 0 })
  return found.docs.map((event) => `${event.type}${event.amountKopecks ? `:${event.amountKopecks}` : ''}`).sort()
}

beforeAll(async () => {
  world = await billing.startBillingWorld()
})

afterAll(async () => {
  await world.close()
})

describe('purchase', () => {
  it('opens a checkout in rubles with the trial and its 1-ruble fee, and returns bad input to the form', async () => {
    const email = uniqueEmail()
    const invalid = await checkout(checkoutRequest({ email: 'not-an-email', plan: String(await planId('3')), locale: 'en' }))
    expect(invalid.status).toBe(303)
    const back = new URL(invalid.headers.get('location')!)
    expect(back.pathname).toBe('/en/tariffs')
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: 'invalidEmail', email: 'not-an-email' })
    const noPlan = new URL((await checkout(checkoutRequest({ email, plan: '999999' }))).headers.get('location')!)
    expect(noPlan.searchParams.get('error')).toBe('invalidPlan')

    // Signed in as the address, the form opens the checkout itself.
    const cookie = await billing.signedIn(world, email)
    const response = await checkout(checkoutRequest({ email, plan: String(await planId('3')), locale: 'ru', attempt: 'same-attempt-1' }, undefined, cookie))
    const location = response.headers.get('location')!
    expect(location).toMatch(/\/test-checkout\/cs_test_/)
    // A repeated submission of the same form opens the same checkout (idempotency key).
    const again = await checkout(checkoutRequest({ email, plan: String(await planId('3')), locale: 'ru', attempt: 'same-attempt-1' }, undefined, cookie))
    expect(again.headers.get('location')).toBe(location)
    const session = await fetch(`${world.double.url}/_double/checkout/${location.split('/').pop()}`).then((r) => r.json() as Promise<Record<string, unknown>>)
    // Due today: the 1-ruble trial fee only; the plan's price is first charged when the trial ends.
    expect(session).toMatchObject({ status: 'open', customer_email: email, mode: 'subscription', currency: 'rub', amount_total: 100 })
    // Stripe shows the terms beside its pay button, and the success page is told the plan and the trial.
    expect((session.custom_text as { submit: { message: string } }).submit.message).toMatch(/^1\s₽ сегодня; с \d{1,2} [а-я]+ \d{4} г\. — 799\s₽ каждые 3 месяца, пока вы не отключите автопродление\./)
    expect(session.success_url).toMatch(/\/success-payment\?plan=\d+&trial=1&session_id=\{CHECKOUT_SESSION_ID\}$/)
  })

  it('takes a Telegram-only account’s purchase for that account, the address typed being for the payment only, without a link', async () => {
    const { startSession, unusablePassword } = await import('@/lib/auth/session')
    const telegramId = 8_100_000_000 + (Date.now() % 1_000_000)
    const account = await world.payload.create({ collection: 'users', data: { email: `tg${telegramId}@telegram.invalid`, password: unusablePassword(), role: 'customer', telegramId: String(telegramId) }, depth: 0 })
    const cookie = (await startSession(world.payload, account.id)).split(';')[0]!
    const email = billing.uniqueEmail('receipt')
    const response = await checkout(checkoutRequest({ email, plan: String(await planId('1')), locale: 'ru' }, undefined, cookie))
    const location = response.headers.get('location')!
    expect(location).toMatch(/\/test-checkout\/cs_test_/)
    const session = await fetch(`${world.double.url}/_double/checkout/${location.split('/').pop()}`).then((r) => r.json() as Promise<Record<string, unknown>>)
    expect(session).toMatchObject({ customer_email: email })
    expect(JSON.stringify(session)).toContain(`"userId":"${account.id}"`)
    // No account is made for the typed address, and no link is mailed to it.
    expect((await world.payload.find({ collection: 'users', where: { email: { equals: email } }, depth: 0 })).totalDocs).toBe(0)
    // Nothing typed: Stripe needs no address from the site (its page asks), so the checkout opens without one.
    const bare = await checkout(checkoutRequest({ email: '', plan: String(await planId('1')), locale: 'ru', attempt: 'telegram-only-bare' }, undefined, cookie))
    const bareSession = await fetch(`${world.double.url}/_double/checkout/${bare.headers.get('location')!.split('/').pop()}`).then((r) => r.json() as Promise<Record<string, unknown>>)
    expect(bareSession).toMatchObject({ customer_email: '' })
    expect(JSON.stringify(bareSession)).toContain(`"userId":"${account.id}"`)
    // Someone not signed in with Telegram still has to type an address.
    const anonymous = await checkout(checkoutRequest({ email: '', plan: String(await planId('1')), locale: 'ru' }))
    expect(anonymous.headers.get('location')).toMatch(/\/tariffs\?error=invalidEmail&/)
  })

  it('answers every address the same before payment: whether it has a subscription or had the trial, only its mail tells', async () => {
    const plan = String(await planId('1'))
    const live = await billing.subscriber(world)
    const past = await billing.subscriber(world)
    const ending = world.double.events.length
    await control(`/_double/subscriptions/${past.subscriptionId}/expire`)
    for (const event of world.double.events.slice(ending)) await deliver(event)
    const fresh = uniqueEmail()

    // The attacker's requests: the same answer for the three, no session, no checkout, and the same e-mail to each.
    const answers = []
    for (const email of [fresh, live.email, past.email]) {
      const since = world.smtp.messages.length
      const answer = await checkout(checkoutRequest({ email, plan, locale: 'en', attempt: 'attacker-attempt' }))
      const mail = await world.smtp.latestTo(email, since)
      answers.push({
        status: answer.status,
        location: answer.headers.get('location')!.replace(encodeURIComponent(email), 'EMAIL'),
        cookie: answer.headers.get('set-cookie'),
        subject: mail.subject,
        text: mail.text.replace(/verify-email\/[\w-]+/, 'verify-email/CODE'),
      })
    }
    expect(answers[0]).toMatchObject({ status: 303, location: `https://free.keys.example/en/tariffs?error=linkSent&email=EMAIL&plan=${plan}#buy`, cookie: null, subject: 'Continue your purchase at VPN keys' })
    expect(answers[0]!.text).toContain('To go on to pay for the subscription, confirm this address.')
    expect(answers[1]).toEqual(answers[0])
    expect(answers[2]).toEqual(answers[0])

    // Whoever reads the mail: a new address goes straight to the checkout (its payment makes the account); an
    // account is signed in and shown on the form what applies to it.
    const opened = await billing.checkoutByLink(world, { email: fresh, plan, locale: 'en' })
    expect(opened.headers.get('location')).toMatch(/^http:\/\/localhost:3000\/en\/test-checkout\/cs_test_[0-9a-f]+$/)
    expect(opened.headers.get('set-cookie')).toBeNull()
    expect((await world.payload.count({ collection: 'users', where: { email: { equals: fresh } } })).totalDocs).toBe(0)
    for (const [email, error] of [[live.email, 'alreadySubscribed'], [past.email, 'trialUsed']] as const) {
      const told = await billing.checkoutByLink(world, { email, plan, locale: 'en' })
      expect(told.headers.get('location')).toBe(`https://free.keys.example/en/tariffs?error=${error}&email=${encodeURIComponent(email)}&plan=${plan}#buy`)
      expect(told.headers.get('set-cookie')).toMatch(/payload-token=/)
    }
  })

  it('creates the account and a trialing subscription only from the signed events, and mails the buyer', async () => {
    const email = uniqueEmail()
    const { subscriptionId, events } = await purchase(email, '1')
    expect(events.map((event) => event.type)).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed'])
    // Nothing yet: the success redirect grants nothing.
    expect(await subscriptionRecord(subscriptionId)).toBeUndefined()
    expect((await world.payload.find({ collection: 'users', where: { email: { equals: email } } })).totalDocs).toBe(0)

    for (const event of events) expect((await deliver(event)).status).toBe(200)
    const record = await subscriptionRecord(subscriptionId)
    expect(record).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: false, paymentMethod: { brand: 'visa', last4: '4242' } })
    expect(Date.parse(record!.trialEndsAt!) - Date.now()).toBeGreaterThan(9.9 * 86_400_000)
    const user = (await world.payload.find({ collection: 'users', where: { email: { equals: email } } })).docs[0]
    expect(user?.role).toBe('customer')
    expect(await historyOf(record!.id)).toEqual(['payment:100', 'trial_started'])
    const activation = await world.smtp.latestTo(email)
    expect(activation.subject).toBe('VIP-подписка на сайте VPN ключи активирована')
    // The subscription URL for apps, and the same on the mirror for when the site is blocked: both answer the buyer's app.
    const { personalFeedPath } = await import('@/lib/feeds/personalUrl')
    const path = await personalFeedPath(world.payload, user!.id)
    expect(activation.text).toContain(`Ссылка-подписка для приложений (Happ, v2RayTun, Hiddify и других): ${INT_SERVER_URL}${path}\n`)
    expect(activation.text).toContain(`Если сайт заблокирован, та же подписка по адресу зеркала: https://${INT_MIRROR_HOST}${path}\n`)
    expect(activation.html).toContain(`https://${INT_MIRROR_HOST}${path}`)
    // The button's one-time link too, on the mirror: the same token works on every host of the site.
    const button = /Получить ключ: (\S+)\n/.exec(activation.text)![1]!
    expect(activation.text).toContain(`Если кнопка не открывается (сайт заблокирован), та же ссылка на зеркале: ${button.replace(INT_SERVER_URL, `https://${INT_MIRROR_HOST}`)}\n`)
  })

  it('takes a promo code’s money off the first period paid today (no trial), as Stripe’s page says and the success page is told; renewal at the full price', async () => {
    const quarterly = await planId('3')
    const promo = await createPromo(world.payload, { kind: 'percent', percentOff: 20, plans: [quarterly] })
    const email = billing.uniqueEmail('promo')
    const cookie = await billing.signedIn(world, email)
    const response = await checkout(checkoutRequest({ email, plan: String(quarterly), locale: 'ru', promo: promo.code.toLowerCase() }, undefined, cookie))
    const sessionId = response.headers.get('location')!.split('/').pop()!
    const session = await fetch(`${world.double.url}/_double/checkout/${sessionId}`).then((r) => r.json() as Promise<Record<string, unknown>>)
    // Due today: 799 − 20 % = 639,20; the plan's price from the end of the three months on.
    expect(session).toMatchObject({ status: 'open', amount_total: 63_920 })
    expect((session.custom_text as { submit: { message: string } }).submit.message).toMatch(/^639,20\s₽ сегодня; с \d{1,2} [а-я]+ \d{4} г\. — 799\s₽ каждые 3 месяца/)
    expect(session.success_url).toMatch(new RegExp(`/success-payment\\?plan=${quarterly}&trial=0&promo=${promo.code}&proof=[\\w-]{22}&session_id=`))

    const before = world.double.events.length
    const completed = await control(`/_double/checkout/${sessionId}/complete`)
    for (const event of world.double.events.slice(before)) expect((await deliver(event)).status).toBe(200)
    const record = (await subscriptionRecord(String(completed.subscription)))!
    // Paid time, not a trial, though Stripe holds the first renewal back as one.
    expect(record).toMatchObject({ status: 'active', trialEndsAt: null, promo: { code: promo.id, discountKopecks: 15_980, extraDays: 0 } })
    expect(Date.parse(record.nextPaymentAt!) - Date.now()).toBeGreaterThan(88 * 86_400_000)
    expect(await historyOf(record.id)).toEqual(['activated', 'payment:63920'])
    expect((await world.smtp.latestTo(email)).text).toMatch(/639,20\s₽ сегодня/)
    // Stripe charges the plan's price at the period's end.
    expect(record.renewal).toMatchObject({ amountKopecks: 79_900, months: 3 })
  })

  it('holds a trial that starts at the first connection at its longest, then moves Stripe’s trial end to the first poll’s plus its days', async () => {
    const { startHeldTrials } = await import('@/lib/billing/record/heldTrial')
    // Another subscriber's month run to its end first: Stripe's test clocks are each customer's own, so this one's
    // trial end, ten days from now, is still in the future to Stripe (a double with one clock for all refused it).
    const other = await billing.subscriber(world)
    await control(`/_double/subscriptions/${other.subscriptionId}/renew`)
    const { url, user } = await billing.openHeldTrialCheckout(world, billing.uniqueEmail('held'))
    const before = world.double.events.length
    const completed = await control(`/_double/checkout/${url.split('/').pop()}/complete`)
    for (const event of world.double.events.slice(before)) expect((await deliver(event)).status).toBe(200)
    const subscriptionId = String(completed.subscription)
    const record = (await subscriptionRecord(subscriptionId))!
    expect(record).toMatchObject({ status: 'trialing', trialHold: { days: 10 } })
    expect(Date.parse(record.trialEndsAt!) - Date.parse(record.trialHold!.until!)).toBe(10 * 86_400_000)

    // The app's first poll, then the job: Stripe's trial now ends ten days from the poll, and the record with it.
    const polledAt = Date.now()
    expect((await billing.pollSubscriptionUrl(world, user.id)).status).toBe(200)
    const moved = world.double.events.length
    await startHeldTrials(world.payload)
    // Stripe's own event about the moved trial end comes back, and leaves it where it was moved.
    expect(world.double.events.slice(moved).map((event) => (JSON.parse(event.body) as { type: string }).type)).toContain('customer.subscription.updated')
    for (const event of world.double.events.slice(moved)) expect((await deliver(event)).status).toBe(200)
    const started = (await subscriptionRecord(subscriptionId))!
    expect(started).toMatchObject({ status: 'trialing', trialHold: { until: null } })
    expect(Math.abs(Date.parse(started.trialEndsAt!) - (polledAt + 10 * 86_400_000))).toBeLessThan(60_000)
    expect(started.nextPaymentAt).toBe(started.trialEndsAt)
    expect(await historyOf(record.id)).toEqual(['payment:100', 'trial_started', 'trial_started_on_connect'])
  })

  it('activates after the trial with the full price, then renews; replays change nothing', async () => {
    const { subscriptionId, events } = await purchase(uniqueEmail(), '3', 'en')
    for (const event of events) await deliver(event)
    const before = world.double.events.length
    await control(`/_double/subscriptions/${subscriptionId}/renew`)
    await control(`/_double/subscriptions/${subscriptionId}/renew`)
    const later = world.double.events.slice(before)
    for (const event of later) expect((await deliver(event)).status).toBe(200)
    const record = await subscriptionRecord(subscriptionId)
    expect(record?.status).toBe('active')
    const history = await historyOf(record!.id)
    // Both renewals happened before their events arrived: one step to the provider's current state, every invoice paid recorded.
    expect(history).toEqual(['activated', 'payment:100', 'payment:79900', 'payment:79900', 'trial_started'])

    for (const event of [...events, ...later]) {
      const replay = await deliver(event)
      expect(replay.status).toBe(200)
      expect(await replay.json()).toMatchObject({ result: 'duplicate' })
    }
    expect(await historyOf(record!.id)).toEqual(history)
    expect(await subscriptionRecord(subscriptionId)).toEqual(record)
  })

  it('ends in the same state whatever order the lifecycle events arrive in', async () => {
    const finals = new Set<string>()
    for (const order of [
      [0, 1, 2, 3, 4],
      [4, 3, 2, 1, 0],
      [2, 4, 0, 3, 1],
      [3, 0, 4, 1, 2],
    ]) {
      const { subscriptionId, events } = await purchase(uniqueEmail(), '6')
      const before = world.double.events.length
      await control(`/_double/subscriptions/${subscriptionId}/renew`)
      const all = [...events, ...world.double.events.slice(before)]
      for (const index of order) expect((await deliver(all[index]!)).status).toBe(200)
      const record = await subscriptionRecord(subscriptionId)
      finals.add(JSON.stringify({ status: record?.status, history: await historyOf(record!.id) }))
    }
    expect([...finals]).toEqual([JSON.stringify({ status: 'active', history: ['activated', 'payment:100', 'payment:149000'] })])
  })

  it('records a failed renewal as past due and an exhausted one as expired, which never comes back', async () => {
    const email = uniqueEmail()
    const { subscriptionId, events } = await purchase(email, '1', 'en')
    for (const event of events) await deliver(event)
    let before = world.double.events.length
    await control(`/_double/subscriptions/${subscriptionId}/fail-renewal`)
    for (const event of world.double.events.slice(before)) await deliver(event)
    expect((await subscriptionRecord(subscriptionId))?.status).toBe('past_due')
    expect((await world.smtp.latestTo(email)).subject).toBe('The payment for your VPN keys VIP subscription failed')
    before = world.double.events.length
    await control(`/_double/subscriptions/${subscriptionId}/expire`)
    const expired = world.double.events.slice(before)
    for (const event of expired) await deliver(event)
    const record = await subscriptionRecord(subscriptionId)
    expect(record?.status).toBe('expired')
    expect(record?.nextPaymentAt ?? null).toBeNull()
    // An old "active" event delivered late cannot revive it.
    await deliver(events[0]!)
    expect((await subscriptionRecord(subscriptionId))?.status).toBe('expired')
  })

  it('applies one event once when it is delivered twice at the same moment', async () => {
    const { subscriptionId, events } = await purchase(uniqueEmail())
    const results = await Promise.all([deliver(events[1]!), deliver(events[1]!), deliver(events[1]!)])
    const bodies = await Promise.all(results.map((response) => response.json() as Promise<{ result: string }>))
    expect(bodies.map((body) => body.result).sort()).toEqual(['applied', 'duplicate', 'duplicate'])
    const record = await subscriptionRecord(subscriptionId)
    expect(await historyOf(record!.id)).toEqual(['payment:100', 'trial_started'])
    expect((await world.payload.count({ collection: 'provider-events', where: { eventId: { equals: JSON.parse(events[1]!.body).id } } })).totalDocs).toBe(1)
  })
})

describe('mail about the subscription', () => {
  it('tells the subscriber when the trial is about to end and when a renewal went through, in their language', async () => {
    const email = uniqueEmail()
    const { subscriptionId, events } = await purchase(email, '1', 'en')
    for (const event of events) await deliver(event)
    let before = world.double.events.length
    await control(`/_double/subscriptions/${subscriptionId}/trial-will-end`)
    for (const event of world.double.events.slice(before)) await deliver(event)
    const trialMail = await world.smtp.latestTo(email)
    expect(trialMail.subject).toBe('Your VPN keys trial ends soon')
    // The amount, where money is involved: the 1-month plan's price.
    expect(trialMail.text).toContain('Then ₽299, the price of your plan, is charged to your saved payment method.')
    expect(trialMail.html).toContain('lang="en"')

    // Trial ends, then a second period: each renewal's events arrive before the next renewal.
    for (let period = 0; period < 2; period += 1) {
      before = world.double.events.length
      await control(`/_double/subscriptions/${subscriptionId}/renew`)
      for (const event of world.double.events.slice(before)) await deliver(event)
    }
    const renewedMail = await world.smtp.latestTo(email)
    expect(renewedMail.subject).toBe('Your VPN keys VIP subscription was renewed')
    expect(renewedMail.text).toMatch(/Next payment: ₽299 on [A-Z][a-z]+ \d{1,2}, \d{4}\./)
    const record = (await subscriptionRecord(subscriptionId))!
    expect(await historyOf(record.id)).toEqual(['activated', 'payment:100', 'payment:29900', 'payment:29900', 'renewed', 'trial_started'])
  })
})

describe('payment provider outage', () => {
  it('sends the buyer back to the form with a clear error and what they typed when no checkout can be opened', async () => {
    await world.double.close()
    try {
      const email = uniqueEmail()
      // The form sends its link without asking the provider; the confirmation cannot open the checkout.
      const response = await billing.checkoutByLink(world, { email, plan: String(await planId('1')), locale: 'en' })
      const back = new URL(response.headers.get('location')!)
      expect(back.pathname).toBe('/en/tariffs')
      expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: 'checkoutFailed', email })
    } finally {
      await world.restartDouble()
    }
  })
})

describe('webhook security and retries', () => {
  it('refuses a missing, tampered, wrongly keyed or stale signature with 400 and changes nothing', async () => {
    const { subscriptionId, events } = await purchase(uniqueEmail())
    const event = events[0]!
    const tampered = event.body.replace('"trialing"', '"active"')
    const stale = stripe.webhooks.generateTestHeaderString({ payload: event.body, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 600 })
    const wrongKey = stripe.webhooks.generateTestHeaderString({ payload: event.body, secret: 'whsec_someone_else' })
    for (const attempt of [
      { body: event.body, signature: '' },
      { body: tampered, signature: event.signature },
      { body: event.body, signature: stale },
      { body: event.body, signature: wrongKey },
    ]) {
      const response = await deliver(attempt)
      expect(response.status).toBe(400)
      expect(await response.text()).not.toMatch(/at .*\.ts|stack/i)
    }
    expect(await subscriptionRecord(subscriptionId)).toBeUndefined()
  })

  it('answers 500 when the event cannot be applied, so the provider retries, and applies it on the retry', async () => {
    const { subscriptionId, events } = await purchase(uniqueEmail())
    await world.double.close()
    const failed = await deliver(events[0]!)
    expect(failed.status).toBe(500)
    expect(await failed.text()).not.toMatch(/ECONNREFUSED|at .*\.ts/)
    expect(await subscriptionRecord(subscriptionId)).toBeUndefined()
    expect((await world.payload.count({ collection: 'provider-events', where: { eventId: { equals: JSON.parse(events[0]!.body).id } } })).totalDocs).toBe(0)

    await world.restartDouble()
    const retried = await deliver(events[0]!)
    expect(retried.status).toBe(200)
    expect((await subscriptionRecord(subscriptionId))?.status).toBe('trialing')
  })
})

describe('work that follows a committed event', () => {
  it('is queued with the event, so a failure right after the commit loses neither the revocation nor the mail', async () => {
    const { user, email, subscriptionId } = await billing.subscriber(world)
    const { createDeviceKey } = await import('@/lib/vip/deviceKeys')
    const created = await createDeviceKey(world.payload, user, { serverId: await billing.vipServerId(world), protocol: 'vless', device: 'Phone' })
    expect(created.ok).toBe(true)

    // The process fails between the commit and the work after it.
    const runByID = world.payload.jobs.runByID
    world.payload.jobs.runByID = () => Promise.reject(new Error('process stopped'))
    try {
      // A failed renewal mails the subscriber; retries running out end the subscription.
      for (const step of ['fail-renewal', 'expire']) {
        const before = world.double.events.length
        await control(`/_double/subscriptions/${subscriptionId}/${step}`)
        for (const event of world.double.events.slice(before)) expect((await deliver(event)).status).toBe(200)
      }
    } finally {
      world.payload.jobs.runByID = runByID
    }
    expect((await subscriptionRecord(subscriptionId))?.status).toBe('expired')
    const live = { owner: { equals: user.id }, revokedAt: { exists: false } }
    expect((await world.payload.count({ collection: 'keys', where: live })).totalDocs).toBe(1)

    // What the job queue's runner finds and runs once the grace pause is over.
    const queued = await world.payload.find({ collection: 'payload-jobs', where: { completedAt: { exists: false } }, pagination: false, depth: 0 })
    const mine = queued.docs.filter((job) => {
      const input = job.input as { user?: number; to?: string }
      return input.user === user.id || input.to === email
    })
    // The mail is a notice: by e-mail here, as the account has no Telegram linked (src/lib/bot/notices.ts).
    expect(mine.map((job) => job.taskSlug).sort()).toEqual(['revokeVipKeys', 'sendNotice'])
    for (const job of mine) {
      expect(Date.parse(job.waitUntil!)).toBeLessThanOrEqual(Date.now() + 2 * 60_000)
      await world.payload.jobs.runByID({ id: job.id })
    }
    expect((await world.payload.count({ collection: 'keys', where: live })).totalDocs).toBe(0)
    expect((await world.smtp.latestTo(email)).subject).toBe('Не удалось оплатить VIP-подписку на сайте VPN ключи')
  })
})

describe('cancelling auto-renewal', () => {
  async function subscribed(months = '1') {
    const { user, subscriptionId } = await billing.subscriber(world, months)
    const { billingProvider } = await import('@/lib/billing')
    const { changeRenewal } = await import('@/lib/billing/record/renewalChoice')
    return { user, subscriptionId, provider: billingProvider()!, changeRenewal }
  }

  it('accepting the offer takes the one-time discount off the next payment, once per user ever', async () => {
    const { user, subscriptionId, provider, changeRenewal } = await subscribed('1')
    // Stripe's price and period are kept with the record, so the account shows the next charge.
    expect((await subscriptionRecord(subscriptionId))?.renewal).toMatchObject({ amountKopecks: 29_900, months: 1, discountPercent: null })
    expect(await changeRenewal(world.payload, provider, user, 'discount', 30)).toEqual({ ok: true })
    // At once, before Stripe's webhook: the page confirms the discounted amount from the record.
    expect((await subscriptionRecord(subscriptionId))?.renewal).toMatchObject({ amountKopecks: 29_900, discountPercent: 30 })
    expect(await changeRenewal(world.payload, provider, user, 'discount', 30)).toEqual({ ok: false, error: 'discountUsed' })
    const before = world.double.events.length
    await control(`/_double/subscriptions/${subscriptionId}/renew`)
    await control(`/_double/subscriptions/${subscriptionId}/renew`)
    for (const event of world.double.events.slice(before)) await deliver(event)
    const record = await subscriptionRecord(subscriptionId)
    expect(record).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, cancelDiscountUsed: true, renewal: { discountPercent: null } })
    // 30 % off the first month after the trial only, then the full price again.
    expect(await historyOf(record!.id)).toEqual(['activated', 'discount_applied', 'payment:100', 'payment:20930', 'payment:29900', 'trial_started'])

    // While it runs, the same address cannot buy a second one: the form says so to the one signed in as it.
    const cookie = await billing.signedIn(world, user.email)
    const again = await checkout(checkoutRequest({ email: user.email, plan: String(await planId('1')), locale: 'ru' }, undefined, cookie))
    expect(new URL(again.headers.get('location')!).searchParams.get('error')).toBe('alreadySubscribed')
    // One network address gets twenty checkout answers an hour, of any kind.
    const answers: (string | null)[] = []
    for (let asked = 0; asked < 21; asked += 1) {
      const answer = await checkout(checkoutRequest({ email: user.email, plan: String(await planId('1')), locale: 'ru' }, '10.9.9.9', cookie))
      answers.push(new URL(answer.headers.get('location')!).searchParams.get('error'))
    }
    expect(answers.slice(0, 20).every((error) => error === 'alreadySubscribed')).toBe(true)
    expect(answers[20]).toBe('checkoutFailed')

    // Once it has ended, a new subscription has no second trial and no second discount.
    const ending = world.double.events.length
    await control(`/_double/subscriptions/${subscriptionId}/expire`)
    for (const event of world.double.events.slice(ending)) await deliver(event)
    // The form promises the trial: the returning buyer is first told it is not theirs again, then pays the full price.
    const told = await checkout(checkoutRequest({ email: user.email, plan: String(await planId('1')), locale: 'ru', attempt: `told-${Date.now()}` }, undefined, cookie))
    expect(new URL(told.headers.get('location')!).searchParams.get('error')).toBe('trialUsed')
    const renewedPurchase = await checkout(checkoutRequest({ email: user.email, plan: String(await planId('1')), locale: 'ru', fullPrice: 'on', attempt: `again-${Date.now()}` }, undefined, cookie))
    const sessionId = renewedPurchase.headers.get('location')!.split('/').pop()
    const session = await fetch(`${world.double.url}/_double/checkout/${sessionId}`).then((r) => r.json() as Promise<{ amount_total: number }>)
    expect(session.amount_total).toBe(29_900)
    const completed = await control(`/_double/checkout/${sessionId}/complete`)
    for (const event of world.double.events.slice(-3)) await deliver(event)
    expect((await subscriptionRecord(String(completed.subscription)))?.status).toBe('active')
    expect(await changeRenewal(world.payload, provider, user, 'discount', 30)).toEqual({ ok: false, error: 'discountUsed' })
  })

  it('two clicks on the offer at once use the discount once', async () => {
    const { user, subscriptionId, provider, changeRenewal } = await subscribed('1')
    const results = await Promise.all([1, 2, 3].map(() => changeRenewal(world.payload, provider, user, 'discount', 30)))
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, error: 'discountUsed' }, { ok: false, error: 'discountUsed' }])
    const record = await subscriptionRecord(subscriptionId)
    expect((await historyOf(record!.id)).filter((entry) => entry === 'discount_applied')).toHaveLength(1)
  })

  it('refusing cancels auto-renewal: active until the period ends, then cancelled', async () => {
    const { user, subscriptionId, provider, changeRenewal } = await subscribed('3')
    const before = world.double.events.length
    expect(await changeRenewal(world.payload, provider, user, 'cancel', 30)).toEqual({ ok: true })
    let record = await subscriptionRecord(subscriptionId)
    expect(record).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true, nextPaymentAt: null })
    // The provider's own event for the change arrives later and adds nothing.
    for (const event of world.double.events.slice(before)) await deliver(event)
    expect(await historyOf(record!.id)).toEqual(['payment:100', 'renewal_cancelled', 'trial_started'])

    const atEnd = world.double.events.length
    await control(`/_double/subscriptions/${subscriptionId}/renew`)
    for (const event of world.double.events.slice(atEnd)) await deliver(event)
    record = await subscriptionRecord(subscriptionId)
    expect(record?.status).toBe('cancelled')
    expect(await historyOf(record!.id)).toEqual(['cancelled', 'payment:100', 'renewal_cancelled', 'trial_started'])
    expect(await changeRenewal(world.payload, provider, user, 'cancel', 30)).toEqual({ ok: false, error: 'noSubscription' })
  })

  it('"Extend" turns a cancelled renewal back on', async () => {
    const { user, subscriptionId, provider, changeRenewal } = await subscribed('1')
    const since = world.smtp.messages.length
    await changeRenewal(world.payload, provider, user, 'cancel', 30)
    expect(await changeRenewal(world.payload, provider, user, 'resume', 30)).toEqual({ ok: true })
    const record = await subscriptionRecord(subscriptionId)
    expect(record).toMatchObject({ cancelAtPeriodEnd: false, nextPaymentAt: record!.currentPeriodEnd })
    expect(await historyOf(record!.id)).toEqual(['payment:100', 'renewal_cancelled', 'renewal_resumed', 'trial_started'])
    // Each change confirmed by e-mail: until when access runs, then the next charge with its amount.
    await world.smtp.latestTo(user.email, since)
    await expect.poll(() => world.smtp.messages.slice(since).filter((mail) => mail.to.includes(user.email)).map((mail) => mail.subject)).toEqual([
      'Автопродление VIP-подписки на сайте VPN ключи отключено',
      'Автопродление VIP-подписки на сайте VPN ключи включено',
    ])
    const resumed = await world.smtp.latestTo(user.email, since)
    expect(resumed.text).toMatch(/Следующий платёж: \d{1,2} [а-я]+ \d{4} г\., 299\s₽\./)
  })
})

describe('the saved card', () => {
  const subjectsTo = (email: string, since: number) => world.smtp.messages.slice(since).filter((mail) => mail.to.includes(email)).map((mail) => mail.subject)

  it('is the subscriber’s to unlink: detached at Stripe, renewal off, one e-mail; the card of an ended subscription too', async () => {
    const { user, subscriptionId } = await billing.subscriber(world, '1')
    const { billingProvider } = await import('@/lib/billing')
    const { unlinkPaymentMethod } = await import('@/lib/billing/record/paymentMethod')
    const provider = billingProvider()!
    const since = world.smtp.messages.length
    const before = world.double.events.length
    expect(await unlinkPaymentMethod(world.payload, provider, user)).toEqual({ ok: true })
    // Stripe's own event for the change arrives later and adds nothing.
    for (const event of world.double.events.slice(before)) await deliver(event)
    const record = (await subscriptionRecord(subscriptionId))!
    expect(record).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true, nextPaymentAt: null, paymentMethod: { kind: null, brand: null, last4: null, validUntil: null } })
    if (provider.runsRenewals) throw new Error('Stripe expected')
    expect(await provider.getSubscription(subscriptionId)).toMatchObject({ methodDetached: true, paymentMethod: null, cancelAtPeriodEnd: true })
    expect(await historyOf(record.id)).toEqual(['payment:100', 'renewal_cancelled', 'trial_started'])
    await world.smtp.latestTo(user.email, since)
    await expect.poll(() => subjectsTo(user.email, since)).toEqual(['Способ оплаты отвязан от аккаунта на сайте VPN ключи'])
    expect((await world.smtp.latestTo(user.email, since)).text).toMatch(/Автопродление отключено: VIP-ключи работают до \d{1,2} [а-я]+ \d{4} г\. включительно\./)
    expect(await unlinkPaymentMethod(world.payload, provider, user)).toEqual({ ok: false, error: 'noMethod' })

    // Ended, its card still shown: unlinked all the same, and the mail says nothing of renewal.
    const past = await billing.subscriber(world, '1')
    const ending = world.double.events.length
    await control(`/_double/subscriptions/${past.subscriptionId}/expire`)
    for (const event of world.double.events.slice(ending)) await deliver(event)
    expect((await subscriptionRecord(past.subscriptionId))?.paymentMethod?.last4).toBe('4242')
    const sinceEnded = world.smtp.messages.length
    expect(await unlinkPaymentMethod(world.payload, provider, past.user)).toEqual({ ok: true })
    expect((await subscriptionRecord(past.subscriptionId))?.paymentMethod).toMatchObject({ kind: null, last4: null })
    const mail = await world.smtp.latestTo(past.email, sinceEnded)
    expect(mail.subject).toBe('Способ оплаты отвязан от аккаунта на сайте VPN ключи')
    expect(mail.text).not.toContain('Автопродление')
  })
})

describe('editors in the admin', () => {
  async function activeSubscriber() {
    const bought = await billing.subscriber(world, '1')
    const before = world.double.events.length
    await control(`/_double/subscriptions/${bought.subscriptionId}/renew`)
    for (const event of world.double.events.slice(before)) await deliver(event)
    const record = (await subscriptionRecord(bought.subscriptionId))!
    expect(record.status).toBe('active')
    const { createUser } = await import('../helpers/payload')
    return { ...bought, record, editor: await createUser('editor') }
  }

  /** The extend-or-cancel form's request, as the admin page sends it. */
  async function change(user: unknown, id: number, body: unknown, headers: Record<string, string> = {}) {
    const { changeEndpoint } = await import('../../collections/Subscriptions/endpoints/change')
    const response = await changeEndpoint({ user, payload: world.payload, routeParams: { id: String(id) }, headers: new Headers(headers), i18n: { language: 'ru' }, json: async () => body } as never)
    return { status: response.status, body: (await response.json()) as { ok: boolean; message?: string; error?: string } }
  }

  /** The Moscow date `days` after `iso`. */
  const moscowDate = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10)

  async function remoteOf(subscriptionId: string) {
    const remote = await fetch(`${world.double.url}/v1/subscriptions/${subscriptionId}`, { headers: { authorization: `Bearer ${billing.SECRET_KEY}` } })
    return (await remote.json()) as { status: string; trial_end: number; metadata: Record<string, string> }
  }

  it('extend for free: the next charge moves at the provider, the subscription stays active through Stripe’s events, history says who', async () => {
    const { record, editor, subscriptionId, email, user } = await activeSubscriber()
    const until = new Date(Date.parse(record.currentPeriodEnd!) + 30 * 86_400_000).toISOString()
    const before = world.double.events.length
    const sinceMail = world.smtp.messages.length
    const answer = await change(editor, record.id, { action: 'extend', date: moscowDate(record.currentPeriodEnd!, 30) })
    expect(answer).toMatchObject({ status: 200, body: { ok: true, message: expect.stringMatching(/^Подписка продлена до \d\d\.\d\d\.\d{4} \d\d:\d\d МСК\./) } })
    expect(await subscriptionRecord(subscriptionId)).toMatchObject({ status: 'active', currentPeriodEnd: until, nextPaymentAt: until })
    // Stripe's own events about it (a trial to the new date, marked as granted time) keep it active, and add nothing.
    for (const event of world.double.events.slice(before)) expect((await deliver(event)).status).toBe(200)
    expect(await subscriptionRecord(subscriptionId)).toMatchObject({ status: 'active', currentPeriodEnd: until, nextPaymentAt: until, trialEndsAt: record.trialEndsAt })
    expect(await remoteOf(subscriptionId)).toMatchObject({ status: 'trialing', trial_end: Date.parse(until) / 1000, metadata: { freeTime: 'granted' } })
    const events = await world.payload.find({ collection: 'subscription-events', where: { subscription: { equals: record.id }, type: { equals: 'extended_by_editor' } } })
    expect(events.docs.map((event) => event.note)).toEqual([`${editor.email}: ${record.currentPeriodEnd} → ${until}`])
    expect((await historyOf(record.id)).filter((entry) => entry.startsWith('renewed'))).toEqual([])
    expect(world.smtp.messages.slice(sinceMail).filter((mail) => mail.to.includes(email))).toEqual([])
    // During the granted time the subscriber's own changes still reach the record through Stripe's view of it.
    const { billingProvider } = await import('@/lib/billing')
    const { changeRenewal } = await import('@/lib/billing/record/renewalChoice')
    expect(await changeRenewal(world.payload, billingProvider()!, user, 'cancel', 30)).toEqual({ ok: true })
    expect(await subscriptionRecord(subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, nextPaymentAt: null, currentPeriodEnd: until })
  })

  it('free time given without the mark (Stripe’s dashboard, or this site before it marked it) is marked on the next event and reads as active', async () => {
    const { record, subscriptionId, user } = await activeSubscriber()
    const until = new Date(Date.parse(record.currentPeriodEnd!) + 20 * 86_400_000)
    // What the earlier code did: our record moved, and a bare trial at Stripe.
    await world.payload.update({ collection: 'subscriptions', id: record.id, data: { currentPeriodEnd: until.toISOString(), nextPaymentAt: until.toISOString() } })
    const bare = await fetch(`${world.double.url}/v1/subscriptions/${subscriptionId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${billing.SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: `trial_end=${until.getTime() / 1000}&proration_behavior=none`,
    })
    expect(bare.status).toBe(200)
    expect((await remoteOf(subscriptionId)).metadata.freeTime).toBeUndefined()
    // The subscriber turns renewal off: the change reaches the record, and the time is marked at Stripe.
    const { billingProvider } = await import('@/lib/billing')
    const { changeRenewal } = await import('@/lib/billing/record/renewalChoice')
    expect(await changeRenewal(world.payload, billingProvider()!, user, 'cancel', 30)).toEqual({ ok: true })
    expect(await subscriptionRecord(subscriptionId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, nextPaymentAt: null, currentPeriodEnd: until.toISOString(), trialEndsAt: record.trialEndsAt })
    expect(await remoteOf(subscriptionId)).toMatchObject({ status: 'trialing', metadata: { freeTime: 'granted' } })
  })

  it('refuses an ended subscription, an earlier date and a date that does not exist, changing nothing; fields are not edits', async () => {
    const { record, editor, user } = await activeSubscriber()
    expect(await change(editor, record.id, { action: 'extend', date: moscowDate(record.currentPeriodEnd!, -1) })).toMatchObject({
      status: 400,
      body: { ok: false, error: expect.stringMatching(/^Новая дата должна быть позже \d\d\.\d\d\.\d{4} \d\d:\d\d МСК/) },
    })
    expect(await change(editor, record.id, { action: 'extend', date: '2031-02-30' })).toMatchObject({ status: 400, body: { error: 'Выберите дату, до которой продлить подписку.' } })
    expect(await change(editor, record.id, { action: 'extend' })).toMatchObject({ status: 400, body: { ok: false } })
    expect(await change(editor, 999_999, { action: 'cancel' })).toMatchObject({ status: 404, body: { error: 'Такой подписки нет. Обновите страницу.' } })
    // Only staff, only from the site.
    expect(await change(user, record.id, { action: 'cancel' })).toMatchObject({ status: 403 })
    expect(await change(null, record.id, { action: 'cancel' })).toMatchObject({ status: 403 })
    expect(await change(editor, record.id, { action: 'cancel' }, { 'sec-fetch-site': 'cross-site' })).toMatchObject({ status: 403 })
    // Status, dates and provider-owned fields are no field edits, for editors (nor for admins, for the state).
    const update = (data: Record<string, unknown>, as: unknown = editor) => world.payload.update({ collection: 'subscriptions', id: record.id, data, overrideAccess: false, user: as as never })
    await update({ status: 'cancelled', currentPeriodEnd: '2031-01-01T00:00:00.000Z', cancelDiscountUsed: true, trialEndsAt: '2030-01-01T00:00:00.000Z' })
    const { createUser } = await import('../helpers/payload')
    await update({ status: 'expired' }, await createUser('admin'))
    expect(await subscriptionRecord(record.provider!.subscriptionId!)).toMatchObject({
      status: 'active',
      currentPeriodEnd: record.currentPeriodEnd,
      cancelDiscountUsed: false,
      trialEndsAt: record.trialEndsAt,
    })
    await expect(update({ cancelAtPeriodEnd: true }, user)).rejects.toThrow()
    // Ended: the form says so.
    expect(await change(editor, record.id, { action: 'cancel' })).toMatchObject({ status: 200 })
    expect(await change(editor, record.id, { action: 'extend', date: '2031-01-01' })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^Подписка уже закончилась/) } })
    expect(await historyOf(record.id)).toEqual(['activated', 'cancelled_by_editor', 'payment:100', 'payment:29900', 'trial_started'])
  })

  it('cancel now: cancelled at the provider at once, VIP keys revoked, history recorded', async () => {
    const { record, editor, subscriptionId, user } = await activeSubscriber()
    const { createDeviceKey } = await import('@/lib/vip/deviceKeys')
    expect(await createDeviceKey(world.payload, user, { serverId: await billing.vipServerId(world), protocol: 'vless', device: 'Phone' })).toMatchObject({ ok: true })
    const before = world.double.events.length
    expect(await change(editor, record.id, { action: 'cancel' })).toMatchObject({ status: 200, body: { ok: true, message: 'Подписка отменена: VIP-доступ закрыт, списаний больше не будет. Изменение записано в историю.' } })
    // The keys stop before the provider's own event arrives.
    expect((await world.payload.count({ collection: 'keys', where: { owner: { equals: user.id }, revokedAt: { exists: false } } })).totalDocs).toBe(0)
    for (const event of world.double.events.slice(before)) expect((await deliver(event)).status).toBe(200)
    expect(await subscriptionRecord(subscriptionId)).toMatchObject({ status: 'cancelled', nextPaymentAt: null })
    const history = await world.payload.find({ collection: 'subscription-events', where: { subscription: { equals: record.id }, type: { in: ['cancelled', 'cancelled_by_editor'] } }, depth: 0 })
    expect(history.docs.map((event) => [event.type, event.note])).toEqual([['cancelled_by_editor', editor.email]])
    expect((await remoteOf(subscriptionId)).status).toBe('canceled')
  })
})

describe('referrals', () => {
  const trialEndAtStripe = async (id: string) => {
    const remote = (await fetch(`${world.double.url}/v1/subscriptions/${id}`, { headers: { authorization: `Bearer ${billing.SECRET_KEY}` } }).then((response) => response.json())) as { trial_end: number }
    return remote.trial_end * 1000
  }

  it('rewards both sides at Stripe once the friend’s trial turns into its first full payment, and takes both back after its refund', async () => {
    const { referralCodeOf } = await import('@/lib/referral')
    const { refundPayment, refundablePayments } = await import('@/lib/billing/record/refund')
    const { changeByEditor } = await import('@/lib/billing/record/editorChange')
    const referrer = await billing.subscriber(world, '1')
    // Paid well ahead (Stripe's clock here jumps to the friend's trial end when it charges it, as a month passing would).
    let before = world.double.events.length
    const bought = (await subscriptionRecord(referrer.subscriptionId))!
    const ahead = new Date(Date.parse(bought.currentPeriodEnd!) + 60 * 86_400_000).toISOString().slice(0, 10)
    await changeByEditor(world.payload, { subscriptionId: bought.id, edit: { kind: 'extend', date: ahead }, by: 'editor@example.com' })
    for (const event of world.double.events.slice(before)) expect((await deliver(event)).status).toBe(200)
    const code = await referralCodeOf(world.payload, referrer.user.id)
    const email = uniqueEmail()
    const opened = await checkout(checkoutRequest({ email, plan: String(await planId('1')), locale: 'ru' }, '10.9.6.1', `${await billing.signedIn(world, email)}; vk_ref=${code}`))
    const sessionId = /\/test-checkout\/(cs_test_[0-9a-f]+)$/.exec(opened.headers.get('location') ?? '')![1]!
    before = world.double.events.length
    // The friend's own card (the same card as the referrer's would be the same person).
    const completed = (await fetch(`${world.double.url}/_double/checkout/${sessionId}/complete`, { method: 'POST', body: new URLSearchParams({ last4: '1881' }) }).then((response) => response.json())) as Record<string, unknown>
    const friendId = String(completed.subscription)
    for (const event of world.double.events.slice(before)) expect((await deliver(event)).status).toBe(200)
    const friend = (await subscriptionRecord(friendId))!
    expect((await world.payload.find({ collection: 'referrals', where: { friendSubscription: { equals: friend.id } } })).docs[0]).toMatchObject({ status: 'pending' })
    const referrerEnd = (await subscriptionRecord(referrer.subscriptionId))!.currentPeriodEnd!

    // Stripe charges the first full month: both get 7 days, at Stripe too, and Stripe's own events leave them there.
    before = world.double.events.length
    await control(`/_double/subscriptions/${friendId}/renew`)
    for (let delivered = before; delivered < world.double.events.length; delivered++) expect((await deliver(world.double.events[delivered]!)).status).toBe(200)
    const referral = (await world.payload.find({ collection: 'referrals', where: { friendSubscription: { equals: friend.id } } })).docs[0]!
    expect(referral).toMatchObject({ status: 'rewarded', friendGrantedDays: 7, referrerGrantedDays: 7 })
    const rewarded = (await subscriptionRecord(referrer.subscriptionId))!
    expect(Date.parse(rewarded.currentPeriodEnd!) - Date.parse(referrerEnd)).toBe(7 * 86_400_000)
    expect(rewarded.status).toBe('trialing')
    expect(await trialEndAtStripe(referrer.subscriptionId)).toBe(Date.parse(rewarded.currentPeriodEnd!))
    const friendAfter = (await subscriptionRecord(friendId))!
    expect(friendAfter.status).toBe('active')
    expect(await trialEndAtStripe(friendId)).toBe(Date.parse(friendAfter.currentPeriodEnd!))
    expect(await historyOf(rewarded.id)).toContain('referral_reward')

    // The rewarded payment refunded: both ends go back 7 days, at Stripe as well.
    const paid = (await refundablePayments(world.payload, friend.id)).find((payment) => payment.amountKopecks === 29_900)!
    before = world.double.events.length
    await refundPayment(world.payload, { subscriptionId: friend.id, reference: paid.reference, amountKopecks: 29_900, by: 'admin@example.com' })
    for (let delivered = before; delivered < world.double.events.length; delivered++) expect((await deliver(world.double.events[delivered]!)).status).toBe(200)
    expect((await world.payload.findByID({ collection: 'referrals', id: referral.id })).status).toBe('revoked')
    const back = (await subscriptionRecord(referrer.subscriptionId))!
    expect(back.currentPeriodEnd).toBe(new Date(Date.parse(referrerEnd)).toISOString())
    expect(await trialEndAtStripe(referrer.subscriptionId)).toBe(Date.parse(referrerEnd))
    expect((await subscriptionRecord(friendId))!.currentPeriodEnd).toBe(new Date(Date.parse(friendAfter.currentPeriodEnd!) - 7 * 86_400_000).toISOString())
  })
})

describe('gifts', () => {
  /** Buys the monthly plan as a gift through Stripe's one-payment checkout and delivers its event: the gift. */
  async function boughtGift() {
    const { POST } = await import('@/app/api/gift/checkout/route')
    const form = new FormData()
    for (const [key, value] of Object.entries({ email: uniqueEmail(), plan: String(await planId('1')), locale: 'en' })) form.set(key, value)
    const opened = await POST(new Request('http://localhost/api/gift/checkout', { method: 'POST', body: form, headers: { 'x-forwarded-for': '10.9.8.1' } }))
    const sessionId = /\/test-checkout\/(cs_test_[0-9a-f]+)$/.exec(opened.headers.get('location') ?? '')?.[1]
    expect(sessionId, opened.headers.get('location') ?? '').toBeTruthy()
    const session = (await fetch(`${world.double.url}/_double/checkout/${sessionId}`).then((response) => response.json())) as Record<string, unknown>
    expect(session).toMatchObject({ mode: 'payment', amount_total: 29_900, metadata: { kind: 'gift' } })
    const before = world.double.events.length
    const completed = (await control(`/_double/checkout/${sessionId}/complete`)) as { paymentIntent: string }
    const events = world.double.events.slice(before)
    expect(events.map((event) => event.type)).toEqual(['checkout.session.completed'])
    for (const event of events) expect((await deliver(event)).status).toBe(200)
    // Delivered again: nothing more (one code, one mail).
    for (const event of events) expect(await (await deliver(event)).json()).toMatchObject({ result: 'ignored' })
    return (await world.payload.find({ collection: 'gifts', where: { 'provider.payment': { equals: completed.paymentIntent } }, depth: 0 })).docs[0]!
  }

  it('is one Stripe payment; redeemed by a subscriber, its month is added at Stripe too; refunded unredeemed, its code is void', async () => {
    const { redeemGift, refundGift } = await import('@/lib/gift')
    const gift = await boughtGift()
    expect(gift).toMatchObject({ status: 'paid', amountKopecks: 29_900 })
    expect(gift.code).toMatch(/^[A-Z2-9]{16}$/)

    const { user, subscriptionId } = await billing.subscriber(world, '1')
    const before = (await subscriptionRecord(subscriptionId))!
    expect(await redeemGift(world.payload, { code: gift.code!, user })).toMatchObject({ ok: true, kind: 'extend' })
    const after = (await subscriptionRecord(subscriptionId))!
    expect(Date.parse(after.trialEndsAt!) - Date.parse(before.trialEndsAt!)).toBeGreaterThanOrEqual(28 * 86_400_000)
    const remote = (await fetch(`${world.double.url}/v1/subscriptions/${subscriptionId}`, { headers: { authorization: `Bearer ${billing.SECRET_KEY}` } }).then((response) => response.json())) as { trial_end: number }
    expect(remote.trial_end * 1000).toBe(Date.parse(after.trialEndsAt!))
    expect(await historyOf(after.id)).toContain('gift_redeemed')

    const unused = await boughtGift()
    await refundGift(world.payload, { giftId: unused.id, by: 'admin@example.com' })
    expect(await world.payload.findByID({ collection: 'gifts', id: unused.id })).toMatchObject({ status: 'void' })
    expect(await redeemGift(world.payload, { code: unused.code!, user })).toEqual({ ok: false, refusal: 'invalid' })
  })
})

describe('refunds by staff', () => {
  /** A subscriber whose first month's renewal Stripe has charged, and that payment as the refund box lists it. */
  async function renewedOnce() {
    const bought = await billing.subscriber(world, '1')
    const before = world.double.events.length
    await control(`/_double/subscriptions/${bought.subscriptionId}/renew`)
    for (const event of world.double.events.slice(before)) await deliver(event)
    const record = (await subscriptionRecord(bought.subscriptionId))!
    const { refundablePayments } = await import('@/lib/billing/record/refund')
    return { bought, record, renewal: (await refundablePayments(world.payload, record.id))[0] }
  }

  it('return part of a renewal, then the rest, through Stripe; the history has each with who did it; more is refused', async () => {
    const { refundPayment } = await import('@/lib/billing/record/refund')
    const { bought, record, renewal } = await renewedOnce()
    expect(renewal).toMatchObject({ amountKopecks: 29_900, refundedKopecks: 0, reference: expect.stringMatching(/^in_/) })
    const first = await refundPayment(world.payload, { subscriptionId: record.id, reference: renewal!.reference, amountKopecks: 9_900, by: 'editor@example.com' })
    expect(first).toEqual({ refundedKopecks: 9_900 })
    await refundPayment(world.payload, { subscriptionId: record.id, reference: renewal!.reference, amountKopecks: 20_000, by: 'admin@example.com' })
    await expect(refundPayment(world.payload, { subscriptionId: record.id, reference: renewal!.reference, amountKopecks: 1, by: 'admin@example.com' })).rejects.toMatchObject({ reason: 'amount' })
    const refunds = await world.payload.find({ collection: 'subscription-events', where: { and: [{ subscription: { equals: record.id } }, { type: { equals: 'refund' } }] }, sort: 'createdAt', depth: 0 })
    expect(refunds.docs.map((event) => [event.amountKopecks, event.note])).toEqual([
      [9_900, 'editor@example.com'],
      [20_000, 'admin@example.com'],
    ])
    // At Stripe: two refunds of the invoice's payment.
    for (const event of refunds.docs) {
      const refundId = event.invoiceId!.split(':').at(-1)!
      const remote = await fetch(`${world.double.url}/v1/refunds/${refundId}`, { headers: { authorization: `Bearer ${billing.SECRET_KEY}` } })
      expect(await remote.json()).toMatchObject({ object: 'refund', amount: event.amountKopecks, status: 'succeeded' })
    }
    // The subscription itself is as it was: cancelling is its own step.
    expect(await subscriptionRecord(bought.subscriptionId)).toMatchObject({ status: 'active' })
  })

  it('send two refunds at once and the money goes back once: the second finds nothing left, the provider made one', async () => {
    const { refundPayment, refundablePayments } = await import('@/lib/billing/record/refund')
    const { record, renewal } = await renewedOnce()
    const refund = (amountKopecks: number, by: string) => refundPayment(world.payload, { subscriptionId: record.id, reference: renewal!.reference, amountKopecks, by })
    // Two parts at once: both are made, one after the other, each its own refund at Stripe.
    expect((await Promise.all([refund(10_000, 'a@example.com'), refund(10_000, 'b@example.com')])).map((done) => done.refundedKopecks).sort()).toEqual([10_000, 20_000])
    // The rest, twice at once (a double click, two admins): once.
    const outcomes = await Promise.allSettled([refund(9_900, 'a@example.com'), refund(9_900, 'b@example.com')])
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({ reason: { reason: 'amount', remainingKopecks: 0 } })
    const refunds = await world.payload.find({ collection: 'subscription-events', where: { and: [{ subscription: { equals: record.id } }, { type: { equals: 'refund' } }] }, depth: 0 })
    expect(refunds.docs.map((event) => event.amountKopecks).sort()).toEqual([10_000, 10_000, 9_900])
    const atStripe = await Promise.all(
      refunds.docs.map(async (event) => {
        const remote = await fetch(`${world.double.url}/v1/refunds/${event.invoiceId!.split(':').at(-1)!}`, { headers: { authorization: `Bearer ${billing.SECRET_KEY}` } })
        return ((await remote.json()) as { id: string; amount: number }).id
      }),
    )
    expect(new Set(atStripe).size).toBe(3)
    expect((await refundablePayments(world.payload, record.id))[0]).toMatchObject({ amountKopecks: 29_900, refundedKopecks: 29_900 })
  })

  it('are for admins only, from the site only, over the REST endpoint: an editor is told to ask one', async () => {
    const bought = await billing.subscriber(world, '1')
    const record = (await subscriptionRecord(bought.subscriptionId))!
    const { createUser } = await import('../helpers/payload')
    const [editor, admin] = [await createUser('editor'), await createUser('admin')]
    const { refundEndpoint } = await import('../../collections/Subscriptions/endpoints/refund')
    const call = (user: unknown, headers: Record<string, string> = {}, language = 'ru') =>
      refundEndpoint({
        user,
        payload: world.payload,
        routeParams: { id: String(record.id) },
        headers: new Headers(headers),
        i18n: { language },
        json: async () => ({ payment: 'x', amount: '1' }),
      } as never)
    expect((await call(bought.user)).status).toBe(403)
    expect((await call(null)).status).toBe(403)
    expect((await call(admin, { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    const byEditor = await call(editor)
    expect(byEditor.status).toBe(403)
    expect(await byEditor.json()).toMatchObject({ ok: false, error: 'Возвращать деньги могут только администраторы.' })
    expect(await (await call(editor, {}, 'en')).json()).toMatchObject({ ok: false, error: 'Only admins can make refunds.' })
    const unknown = await call(admin)
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toMatchObject({ ok: false, error: 'Такого платежа у подписки нет. Обновите страницу.' })
  })
})

describe('deleted accounts', () => {
  it('after 30 days keeps the payment records but not the person, and stops renewal at the provider', async () => {
    const { user, email, subscriptionId } = await billing.subscriber(world)
    const record = (await subscriptionRecord(subscriptionId))!
    await world.payload.update({ collection: 'users', id: user.id, data: { deletionRequestedAt: new Date(Date.now() - 31 * 86_400_000).toISOString() } })
    const { purgeDeletedAccounts } = await import('@/lib/auth/accountDeletion')
    const before = world.double.events.length
    await purgeDeletedAccounts(world.payload)
    // The provider's own events about the cancellation arrive afterwards and bring no one back.
    for (const event of world.double.events.slice(before)) expect((await deliver(event)).status).toBe(200)

    expect((await world.payload.find({ collection: 'users', where: { email: { equals: email } } })).totalDocs).toBe(0)
    const kept = await world.payload.findByID({ collection: 'subscriptions', id: record.id, depth: 0 })
    expect(kept.user ?? null).toBeNull()
    expect(JSON.stringify(kept)).not.toContain(email)
    expect(kept.paymentMethod?.last4 ?? null).toBeNull()
    const history = await world.payload.find({ collection: 'subscription-events', where: { subscription: { equals: record.id } }, depth: 0 })
    expect(history.docs.map((event) => event.type).sort()).toEqual(['cancelled', 'payment', 'trial_started'])
    expect(history.docs.every((event) => (event.user ?? null) === null)).toBe(true)
    const remote = await fetch(`${world.double.url}/v1/subscriptions/${subscriptionId}`, { headers: { authorization: `Bearer ${billing.SECRET_KEY}` } })
    expect(((await remote.json()) as { status: string }).status).toBe('canceled')
  })
})

describe('speed test endpoint', () => {
  it('caps what it sends and accepts, and limits how often one address may test', async () => {
    const { GET, POST } = await import('@/app/api/speedtest/route')
    const from = (ip: string, init?: RequestInit, query = '') => new Request(`http://localhost/api/speedtest${query}`, { ...init, headers: { 'x-forwarded-for': ip, ...init?.headers } })
    const big = await GET(from('10.9.0.1', undefined, '?bytes=104857600'))
    expect(big.status).toBe(200)
    expect(big.headers.get('content-length')).toBe(String(4 * 1024 * 1024))
    expect(big.headers.get('cache-control')).toBe('no-store')
    expect((await big.arrayBuffer()).byteLength).toBe(4 * 1024 * 1024)
    const upload = await POST(from('10.9.0.1', { method: 'POST', body: new Uint8Array(1024 * 1024) }))
    expect(await upload.json()).toEqual({ received: 1024 * 1024 })
    const tooBig = await POST(from('10.9.0.2', { method: 'POST', body: new Uint8Array(3 * 1024 * 1024) }))
    expect(tooBig.status).toBe(413)

    const statuses: number[] = []
    for (let attempt = 0; attempt < 8; attempt += 1) statuses.push((await GET(from('10.9.0.3', undefined, '?bytes=10'))).status)
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200])
    expect(statuses.slice(6)).toEqual([429, 429])
  })
})
