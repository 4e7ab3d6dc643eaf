// Staff alerts, once per incident: the watch reads what the checks, jobs and payments recorded, opens one incident
// per problem (however many instances look at once), and staff hear one message when it starts and one when it is
// over, by e-mail (admins, and editors who opted in, each in their language) and through the Telegram Bot API
// (a double built to its sendMessage contract).
import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import type { Payload } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { SiteRunBilling } from '@/lib/billing/providers/provider'
import type { Server, User } from '@/payload-types'

import { workerDoubles } from '../helpers/intDoubles'
import type { TelegramCall, TelegramDouble } from '../helpers/intDoubles'
import { createUser } from '../helpers/payload'
import type { ReceivedMail, TestSmtp } from '../helpers/smtp'

const MINUTE = 60_000

let payload: Payload
let smtp: TestSmtp
let bot: TelegramDouble
let admin: User
let optedIn: User
let notOptedIn: User
let server: Server
let country: number
let listedKey: number

const TROJAN_KEY = (name: string) => `trojan://secret-password@127.0.0.1:443?security=tls&sni=example.com#${name}`

beforeAll(async () => {
  // The worker's mail server and Telegram double, which the config was given (tests/helpers/intWorker.ts).
  ;({ smtp, telegram: bot } = await workerDoubles())
  const { testPayload } = await import('../helpers/payload')
  payload = await testPayload()
  admin = await createUser('admin')
  optedIn = await payload.update({ collection: 'users', id: (await createUser('editor')).id, data: { staffAlerts: true, locale: 'en' } })
  notOptedIn = await createUser('editor')
  // A country no seeded server and no other test lists keys in: its lists are this test's alone.
  country = (await payload.find({ collection: 'countries', where: { code: { equals: 'ar' } }, limit: 1, depth: 0 })).docs[0]!.id
  server = await payload.create({
    collection: 'servers',
    data: { name: `Alerts-${process.pid}`, country, hosting: 'Test machine', host: '127.0.0.1', privateNetwork: true, tier: 'free', enabled: true, adapter: 'manual', protocols: [{ protocol: 'trojan', port: 443 }] },
    depth: 0,
  })
  listedKey = (await payload.create({ collection: 'keys', data: { server: server.id, protocol: 'trojan', tier: 'free', keyString: TROJAN_KEY('listed') }, depth: 0 })).id
})

afterAll(async () => {
  await payload.update({ collection: 'keys', where: { server: { equals: server.id } }, data: { revokedAt: new Date().toISOString() }, depth: 0 })
  await payload.update({ collection: 'servers', id: server.id, data: { enabled: false }, depth: 0 })
})

beforeEach(async () => {
  await payload.delete({ collection: 'payload-jobs', where: { taskSlug: { equals: 'notifyStaff' } } })
  bot.refuses = false
})

async function watch(at: Date) {
  const { watchIncidents } = await import('@/lib/alerts/watch')
  return watchIncidents(payload, at)
}

/** What of `sent` speaks of `text` (other incidents of the shared test database may be told beside ours). */
const about = (sent: { mail: ReceivedMail[]; telegram: TelegramCall[] }, text: string) => ({
  mail: sent.mail.filter((mail) => mail.text.includes(text)),
  telegram: sent.telegram.filter((call) => call.body.text.includes(text)),
})

/** Runs the queued alerts; returns the e-mails and Telegram messages they sent. */
async function deliverAlerts(): Promise<{ mail: ReceivedMail[]; telegram: TelegramCall[] }> {
  const mailBefore = smtp.messages.length
  const telegramBefore = bot.calls.length
  await payload.jobs.run({ queue: 'default', where: { taskSlug: { equals: 'notifyStaff' } } })
  await new Promise((resolve) => setTimeout(resolve, 300))
  return { mail: smtp.messages.slice(mailBefore), telegram: bot.calls.slice(telegramBefore) }
}

const openIncident = async (key: string) =>
  (await payload.find({ collection: 'incidents', where: { and: [{ key: { equals: key } }, { endedAt: { exists: false } }] }, depth: 0 })).docs[0] ?? null

const setHealth = (health: Partial<NonNullable<Server['health']>>) => payload.update({ collection: 'servers', id: server.id, data: { health }, depth: 0 })

describe('staff alerts', () => {
  it('a server down: one message to every admin, each opted-in editor and the Telegram chat when it starts, none while it lasts, one when it is back', async () => {
    const t0 = new Date()
    await setHealth({ status: 'down', failures: 3 })
    await watch(t0)
    expect(await openIncident(`serverDown:${server.id}`)).toMatchObject({ kind: 'serverDown', announcedAt: t0.toISOString() })
    const started = await deliverAlerts()
    const toAdmin = started.mail.find((mail) => mail.to.includes(admin.email.toLowerCase()))
    expect(toAdmin?.text).toContain(`Сервер «${server.name}» не ответил на три проверки подряд`)
    expect(toAdmin?.text).toContain('/admin/collections/incidents')
    // The editor who opted in reads it in their language; the other editor gets nothing.
    expect(started.mail.find((mail) => mail.to.includes(optedIn.email.toLowerCase()))?.text).toContain(`Server “${server.name}” failed three checks in a row`)
    expect(started.mail.some((mail) => mail.to.includes(notOptedIn.email.toLowerCase()))).toBe(false)
    expect(started.telegram).toHaveLength(1)
    expect(started.telegram[0]!.path).toBe(`/bot${bot.token}/sendMessage`)
    expect(started.telegram[0]!.body.chat_id).toBe(bot.chatId)
    expect(started.telegram[0]!.body.text).toContain(`«${server.name}»`)

    // Still down at the next looks: nothing more is said.
    await watch(new Date(t0.getTime() + 5 * MINUTE))
    await watch(new Date(t0.getTime() + 10 * MINUTE))
    expect(about(await deliverAlerts(), server.name)).toEqual({ mail: [], telegram: [] })

    // Back up, down again within the quiet time, back: no message until it has stayed up for 15 minutes.
    await setHealth({ status: 'up', failures: 0 })
    await watch(new Date(t0.getTime() + 15 * MINUTE))
    await setHealth({ status: 'down', failures: 3 })
    await watch(new Date(t0.getTime() + 20 * MINUTE))
    await setHealth({ status: 'up', failures: 0 })
    await watch(new Date(t0.getTime() + 25 * MINUTE))
    await watch(new Date(t0.getTime() + 35 * MINUTE))
    expect(about(await deliverAlerts(), server.name)).toEqual({ mail: [], telegram: [] })
    await watch(new Date(t0.getTime() + 40 * MINUTE))
    expect(await openIncident(`serverDown:${server.id}`)).toBeNull()
    const ended = about(await deliverAlerts(), server.name)
    expect(ended.mail.find((mail) => mail.to.includes(admin.email.toLowerCase()))?.text).toContain(`Сервер «${server.name}» снова отвечает.`)
    expect(ended.telegram).toHaveLength(1)
    const incidents = await payload.find({ collection: 'incidents', where: { key: { equals: `serverDown:${server.id}` } }, depth: 0 })
    expect(incidents.docs).toHaveLength(1)
  })

  it('two instances looking at once record the problem once and queue one message per channel', async () => {
    const at = new Date()
    await setHealth({ lastRotationError: 'Panel answered 401 Unauthorized\nat step 2' })
    await Promise.all([watch(at), watch(at), watch(at)])
    const incidents = await payload.find({ collection: 'incidents', where: { key: { equals: `rotationFailed:${server.id}` } }, depth: 0 })
    expect(incidents.docs).toHaveLength(1)
    const jobs = await payload.find({ collection: 'payload-jobs', where: { taskSlug: { equals: 'notifyStaff' } }, depth: 0 })
    expect(jobs.docs.map((job) => (job.input as { channel: string }).channel).sort()).toEqual(['email', 'telegram'])
    const { telegram: sent } = await deliverAlerts()
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body.text).toContain(`Ротация ключей на сервере «${server.name}» не удалась: Panel answered 401 Unauthorized`)
    await setHealth({ lastRotationError: null })
    await watch(new Date(at.getTime() + MINUTE))
    expect((await deliverAlerts()).telegram[0]?.body.text).toContain(`Ротация ключей на сервере «${server.name}» снова проходит.`)
  })

  it('a public list with no key left is told after ten minutes, and a list emptied for a moment is never told', async () => {
    const key = `listEmpty:${country}:trojan`
    const list = 'Trojan»'
    const t0 = new Date()
    await payload.update({ collection: 'keys', id: listedKey, data: { revokedAt: t0.toISOString() }, depth: 0 })
    await watch(t0)
    expect(await openIncident(key)).toMatchObject({ announcedAt: null })
    expect(about(await deliverAlerts(), list).telegram).toEqual([])
    await watch(new Date(t0.getTime() + 10 * MINUTE))
    expect(about(await deliverAlerts(), list).telegram[0]?.body.text).toMatch(/В списке «Аргентина · Trojan» не осталось ключей/)
    // Keys imported: the list is back.
    listedKey = (await payload.create({ collection: 'keys', data: { server: server.id, protocol: 'trojan', tier: 'free', keyString: TROJAN_KEY('imported') }, depth: 0 })).id
    await watch(new Date(t0.getTime() + 11 * MINUTE))
    await watch(new Date(t0.getTime() + 26 * MINUTE))
    expect(await openIncident(key)).toBeNull()
    expect(about(await deliverAlerts(), list).telegram[0]?.body.text).toContain('В списке «Аргентина · Trojan» снова есть ключи.')
    // Empty again for less than ten minutes: it goes without a word, and leaves no record.
    await payload.update({ collection: 'keys', id: listedKey, data: { revokedAt: new Date().toISOString() }, depth: 0 })
    await watch(new Date(t0.getTime() + 30 * MINUTE))
    expect(await openIncident(key)).not.toBeNull()
    listedKey = (await payload.create({ collection: 'keys', data: { server: server.id, protocol: 'trojan', tier: 'free', keyString: TROJAN_KEY('again') }, depth: 0 })).id
    await watch(new Date(t0.getTime() + 35 * MINUTE))
    expect(await openIncident(key)).toBeNull()
    expect(about(await deliverAlerts(), list).telegram).toEqual([])
    expect((await payload.find({ collection: 'incidents', where: { key: { equals: key } }, depth: 0 })).docs).toHaveLength(1)
  })

  it('every checked key of a server failing is told; a muted kind waits unannounced until it is unmuted', async () => {
    const at = new Date()
    await payload.updateGlobal({ slug: 'site-settings', data: { alerts: { muted: ['keysFailing'] } } })
    try {
      await setHealth({ keysFailing: true })
      await watch(at)
      expect(await openIncident(`keysFailing:${server.id}`)).toMatchObject({ announcedAt: null })
      expect(about(await deliverAlerts(), server.name).telegram).toEqual([])
    } finally {
      await payload.updateGlobal({ slug: 'site-settings', data: { alerts: { muted: [] } } })
    }
    await watch(new Date(at.getTime() + MINUTE))
    expect(about(await deliverAlerts(), server.name).telegram[0]?.body.text).toContain(`Ни один проверенный ключ сервера «${server.name}» не подключается`)
    await setHealth({ keysFailing: false })
    await watch(new Date(at.getTime() + 2 * MINUTE))
    await watch(new Date(at.getTime() + 40 * MINUTE))
    expect(about(await deliverAlerts(), server.name).telegram[0]?.body.text).toContain(`Ключи сервера «${server.name}» снова подключаются.`)
  })

  it('a server blocked on a visitors’ network is told once with the network, and when it works there again; so is a probe gone silent', async () => {
    const at = new Date()
    const probe = await payload.create({ collection: 'probes', data: { name: `Alerts-probe-${process.pid}`, country: 'ru', network: 'МТС' } })
    const { sqlPool } = await import('@/lib/db/pool')
    const pool = sqlPool(payload)
    try {
      // The probe's latest results for the server's keys failed, confirmed, while the site's own check passes.
      await pool.query(`INSERT INTO probe_results (key_id, probe_id, country, network, checked_at, ok, stage, failures) VALUES ($1, $2, 'ru', 'МТС', now(), false, 'tcp', 2)`, [listedKey, probe.id])
      // While another probe on МТС is active, one probe's word is not a verdict (it may lie or be broken).
      const witness = await payload.create({ collection: 'probes', data: { name: `Alerts-witness-${process.pid}`, country: 'ru', network: 'МТС' } })
      await payload.db.updateOne({ collection: 'probes', id: witness.id, data: { lastSeenAt: new Date().toISOString() }, returning: false })
      await watch(new Date(at.getTime() - MINUTE))
      expect(about(await deliverAlerts(), server.name).telegram).toEqual([])
      await payload.delete({ collection: 'probes', id: witness.id })
      await watch(at)
      expect(about(await deliverAlerts(), server.name).telegram[0]?.body.text).toContain(`Сервер «${server.name}» заблокирован в сети «МТС» (RU)`)
      await watch(new Date(at.getTime() + MINUTE))
      expect(about(await deliverAlerts(), server.name).telegram).toEqual([])
      await pool.query(`UPDATE probe_results SET ok = true, stage = NULL, failures = 0 WHERE probe_id = $1`, [probe.id])
      await watch(new Date(at.getTime() + 2 * MINUTE))
      await watch(new Date(at.getTime() + 40 * MINUTE))
      expect(about(await deliverAlerts(), server.name).telegram[0]?.body.text).toContain(`Сервер «${server.name}» снова работает в сети «МТС» (RU).`)

      // Its token issued twenty minutes ago and nothing heard since: silent; a report ends it.
      await payload.db.updateOne({ collection: 'probes', id: probe.id, data: { tokenIssuedAt: new Date(Date.now() - 20 * MINUTE).toISOString() }, returning: false })
      await watch(new Date(at.getTime() + 41 * MINUTE))
      expect(about(await deliverAlerts(), probe.name).telegram[0]?.body.text).toContain(`Проба «${probe.name}» (МТС) не отчитывалась больше 15 минут.`)
      await payload.db.updateOne({ collection: 'probes', id: probe.id, data: { lastSeenAt: new Date().toISOString() }, returning: false })
      await watch(new Date(at.getTime() + 42 * MINUTE))
      expect(about(await deliverAlerts(), probe.name).telegram[0]?.body.text).toContain(`Проба «${probe.name}» (МТС) снова отчитывается.`)
    } finally {
      await payload.delete({ collection: 'probes', id: probe.id })
    }
  })

  it('renewals of three subscriptions declined in a row are told; one paid ends it', async () => {
    const plan = (await payload.find({ collection: 'tariffs', limit: 1, depth: 0 })).docs[0]!
    const occurredAt = () => new Date().toISOString()
    const subscriptions = []
    for (let index = 0; index < 3; index += 1) {
      const customer = await createUser('customer')
      subscriptions.push(await payload.create({ collection: 'subscriptions', data: { user: customer.id, tariff: plan.id, status: 'past_due' }, depth: 0 }))
    }
    // What files before this one recorded ends here: a renewal paid, so only this test's declines count.
    await payload.create({ collection: 'subscription-events', data: { subscription: subscriptions[2]!.id, user: subscriptions[2]!.user as number, type: 'renewed', occurredAt: occurredAt() }, depth: 0 })
    // One subscription declined twice is one bad card, not a pattern.
    for (const subscription of [subscriptions[0]!, subscriptions[0]!, subscriptions[1]!]) {
      await payload.create({ collection: 'subscription-events', data: { subscription: subscription.id, user: subscription.user as number, type: 'payment_failed', occurredAt: occurredAt() }, depth: 0 })
    }
    await watch(new Date())
    expect(await openIncident('renewalsFailing')).toBeNull()
    await payload.create({ collection: 'subscription-events', data: { subscription: subscriptions[2]!.id, user: subscriptions[2]!.user as number, type: 'payment_failed', occurredAt: occurredAt() }, depth: 0 })
    await watch(new Date())
    expect(await openIncident('renewalsFailing')).not.toBeNull()
    expect((await deliverAlerts()).telegram.find((call) => call.body.text.includes('продления'))?.body.text).toContain('Подряд отклонены продления 3 подписок')
    await payload.create({ collection: 'subscription-events', data: { subscription: subscriptions[0]!.id, user: subscriptions[0]!.user as number, type: 'renewed', occurredAt: occurredAt() }, depth: 0 })
    await watch(new Date())
    expect(await openIncident('renewalsFailing')).toBeNull()
    expect((await deliverAlerts()).telegram.some((call) => call.body.text.includes('Продления подписок снова проходят.'))).toBe(true)
  })

  it('mail the mail server keeps refusing is told through Telegram, and the e-mail about it waits for the mail server', async () => {
    const job = await payload.jobs.queue({ task: 'sendEmail', input: { to: 'someone@test.example', subject: 'Waiting', html: '<p>x</p>', text: 'x' } })
    await payload.db.pool.query('UPDATE payload_jobs SET total_tried = 3, wait_until = $2 WHERE id = $1', [job.id, new Date(Date.now() + 3_600_000).toISOString()])
    try {
      const at = new Date()
      await watch(at)
      expect(await openIncident('mailFailing')).not.toBeNull()
      expect((await deliverAlerts()).telegram.find((call) => call.body.text.includes('Почтовый'))?.body.text).toMatch(/не принимает письма: \d+ (письмо ждёт|письма ждут|писем ждут) повторной отправки/)
      await payload.delete({ collection: 'payload-jobs', id: job.id })
      await watch(new Date(at.getTime() + MINUTE))
      await watch(new Date(at.getTime() + 20 * MINUTE))
      expect(await openIncident('mailFailing')).toBeNull()
    } finally {
      await payload.delete({ collection: 'payload-jobs', where: { id: { equals: job.id } } })
    }
  })

  it('the payment provider refusing three requests in a row is told; a card declined is not a refusal; an answer ends it', async () => {
    const { countingRefusals } = await import('@/lib/billing')
    const { YooKassaError } = await import('@/lib/billing/providers/yookassa')
    let refuse = true
    const fake: SiteRunBilling = {
      name: 'yookassa',
      runsRenewals: true,
      isTest: true,
      methods: ['card'],
      createCheckout: async () => ({ url: 'https://pay.example/1' }),
      createGiftCheckout: async () => ({ url: 'https://pay.example/2', paymentId: null }),
      refund: async () => ({ id: 'refund' }),
      notificationPaymentId: async () => null,
      getPayment: async () => {
        if (refuse) throw new YooKassaError(401, 'invalid_credentials', 'Authentication by given credentials failed')
        return null
      },
      charge: async () => {
        throw Object.assign(new Error('Your card was declined.'), { type: 'StripeCardError' })
      },
    }
    const provider = countingRefusals(fake)
    const settle = () => new Promise((resolve) => setTimeout(resolve, 200))
    for (let attempt = 0; attempt < 2; attempt += 1) await expect(provider.getPayment('p')).rejects.toThrow('401')
    await expect(provider.charge({} as never)).rejects.toThrow('declined')
    await settle()
    await watch(new Date())
    expect(await openIncident('providerRefusing')).toBeNull()
    await expect(provider.getPayment('p')).rejects.toThrow('401')
    await settle()
    const at = new Date()
    await watch(at)
    expect(await openIncident('providerRefusing')).not.toBeNull()
    expect((await deliverAlerts()).telegram.find((call) => call.body.text.includes('Платёжная'))?.body.text).toContain('(3 раза подряд): YooKassa 401 invalid_credentials')
    refuse = false
    await provider.getPayment('p')
    await settle()
    await watch(new Date(at.getTime() + MINUTE))
    await watch(new Date(at.getTime() + 20 * MINUTE))
    expect(await openIncident('providerRefusing')).toBeNull()
  })

  // The backup script records its outcome with psql (Debian's postgresql-client; npm test installs it as root).
  it.skipIf(spawnSync('sh', ['-c', 'command -v psql']).status !== 0)('a backup that fails is told with what went wrong, a day without one is told too, and the next good one ends it', async () => {
    const { libpqEnv } = await import('../../scripts/lib/libpq')
    const pool = payload.db.pool
    await pool.query(`DELETE FROM alert_signals WHERE name = 'backup'`)
    try {
      // Never backed up: nothing to miss.
      await watch(new Date())
      expect(await openIncident('backupFailing')).toBeNull()
      // The script itself records its failure (the drill in cluster.spec.ts records its successes on a real dump).
      const run = spawnSync('sh', ['deploy/backup/backup.sh'], {
        env: { ...process.env, ...libpqEnv(process.env.DATABASE_URL!), BACKUP_DIR: mkdtempSync(path.join(tmpdir(), 'vpnkeys-backups-')), BACKUP_S3_URL: 's3://backups', BACKUP_S3_ACCESS_KEY_ID: '' },
        encoding: 'utf8',
      })
      expect(run.status, run.stderr).toBe(1)
      expect(run.stderr).not.toContain('could not be recorded')
      // A long message in Russian is kept whole letters, to 300 of them.
      const long = spawnSync('sh', ['deploy/backup/backup.sh'], {
        env: { ...process.env, ...libpqEnv(process.env.DATABASE_URL!), BACKUP_DIR: mkdtempSync(path.join(tmpdir(), 'vpnkeys-backups-')), BACKUP_S3_URL: `ftp://${'я'.repeat(400)}` },
        encoding: 'utf8',
      })
      expect(long.stderr).not.toContain('could not be recorded')
      const recorded = (await pool.query<{ last_error: string }>(`SELECT last_error FROM alert_signals WHERE name = 'backup'`)).rows[0]!.last_error
      expect(recorded).toMatch(/^an S3 address reads s3:\/\/bucket/)
      expect([...recorded]).toHaveLength(300)
      // The missing key again: the last failure is what the alert tells.
      spawnSync('sh', ['deploy/backup/backup.sh'], {
        env: { ...process.env, ...libpqEnv(process.env.DATABASE_URL!), BACKUP_DIR: mkdtempSync(path.join(tmpdir(), 'vpnkeys-backups-')), BACKUP_S3_URL: 's3://backups', BACKUP_S3_ACCESS_KEY_ID: '' },
      })
      const at = new Date()
      await watch(at)
      expect(await openIncident('backupFailing')).not.toBeNull()
      expect(about(await deliverAlerts(), 'Резервная копия').telegram[0]?.body.text).toContain(
        "Резервная копия базы не сделана: set BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY, the bucket's key, to use s3://backups",
      )
      // The next backup succeeds: over at once.
      await pool.query(`UPDATE alert_signals SET failures = 0, last_error = NULL, last_ok_at = now() WHERE name = 'backup'`)
      await watch(new Date(at.getTime() + MINUTE))
      expect(await openIncident('backupFailing')).toBeNull()
      expect(about(await deliverAlerts(), 'Резервные копии базы снова делаются.').telegram).toHaveLength(1)
      // Then the daily backups stop without a word: a day and two hours later, that is told.
      await pool.query(`UPDATE alert_signals SET last_ok_at = now() - interval '25 hours' WHERE name = 'backup'`)
      await watch(new Date(at.getTime() + 2 * MINUTE))
      expect(await openIncident('backupFailing')).toBeNull()
      await pool.query(`UPDATE alert_signals SET last_ok_at = now() - interval '27 hours' WHERE name = 'backup'`)
      await watch(new Date(at.getTime() + 3 * MINUTE))
      expect(about(await deliverAlerts(), 'Резервной копии').telegram[0]?.body.text).toContain('Резервной копии базы не было 27 часов: ежедневное копирование остановилось.')
    } finally {
      await pool.query(`DELETE FROM alert_signals WHERE name = 'backup'`)
      await watch(new Date(Date.now() + 4 * MINUTE))
    }
  })

  it('a Telegram refusal is tried again without e-mailing anyone twice', async () => {
    const at = new Date()
    bot.refuses = true
    await setHealth({ lastRotationError: 'Timed out' })
    await watch(at)
    const first = await deliverAlerts()
    expect(first.telegram).toHaveLength(1)
    expect(first.telegram[0]!.body.text).toContain('Timed out')
    expect(first.mail.filter((mail) => mail.to.includes(admin.email.toLowerCase()))).toHaveLength(1)
    const [waiting] = (await payload.find({ collection: 'payload-jobs', where: { and: [{ taskSlug: { equals: 'notifyStaff' } }, { completedAt: { exists: false } }] }, depth: 0 })).docs
    expect((waiting?.input as { channel?: string } | undefined)?.channel).toBe('telegram')
    bot.refuses = false
    // Its pause over (Payload runs a job whose wait ended strictly before now).
    await payload.db.pool.query(`UPDATE payload_jobs SET wait_until = now() - interval '1 second' WHERE id = $1`, [waiting!.id])
    const retried = await deliverAlerts()
    expect(retried.telegram).toHaveLength(1)
    expect(retried.mail).toHaveLength(0)
    await setHealth({ lastRotationError: null })
    await watch(new Date(at.getTime() + MINUTE))
  })

  it('a server taken out of service ends its incidents without an “all is well again”', async () => {
    const at = new Date()
    await setHealth({ status: 'down', failures: 3 })
    await watch(at)
    expect(about(await deliverAlerts(), server.name).telegram).toHaveLength(1)
    await payload.update({ collection: 'servers', id: server.id, data: { enabled: false }, depth: 0 })
    try {
      await watch(new Date(at.getTime() + MINUTE))
      await watch(new Date(at.getTime() + 30 * MINUTE))
      expect(await openIncident(`serverDown:${server.id}`)).toBeNull()
      expect(about(await deliverAlerts(), server.name)).toEqual({ mail: [], telegram: [] })
    } finally {
      await payload.update({ collection: 'servers', id: server.id, data: { enabled: true, health: { status: 'up', failures: 0 } }, depth: 0 })
    }
  })

  it('incidents are staff reading only, and a customer cannot sign up for alerts', async () => {
    const customer = await createUser('customer')
    const editor = await createUser('editor')
    const asUser = (user: User) => ({ user: { ...user, collection: 'users' as const } })
    await expect(payload.find({ collection: 'incidents', overrideAccess: false, req: asUser(customer) })).rejects.toThrow()
    expect((await payload.find({ collection: 'incidents', overrideAccess: false, req: asUser(editor) })).docs.length).toBeGreaterThan(0)
    await expect(
      payload.create({ collection: 'incidents', data: { key: 'forged', kind: 'serverDown', params: {}, startedAt: new Date().toISOString() }, overrideAccess: false, req: asUser(admin) }),
    ).rejects.toThrow()
    const own = await payload.update({ collection: 'users', id: customer.id, data: { staffAlerts: true }, overrideAccess: false, req: asUser(customer) })
    expect((await payload.findByID({ collection: 'users', id: own.id, depth: 0 })).staffAlerts).toBe(false)
  })
})
