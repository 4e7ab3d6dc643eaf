// The metrics Payload's work feeds, against the real database: job runs by task, e-mails, subscription history, and
// the figures /api/metrics reads from the database at scrape time (its SQL against the real schema).
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { PROTOCOLS } from '@/lib/keys'
import { collectDatabaseGauges } from '@/lib/metrics/databaseGauges'
import { metrics } from '@/lib/metrics/metrics'

import { testPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await testPayload()
})

/** A series' current value (0 when it has none yet). */
async function value(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = metrics().registry.getSingleMetric(name)
  if (!metric) throw new Error(`no metric ${name}`)
  const { values } = await metric.get()
  return values.filter((entry) => Object.entries(labels).every(([key, wanted]) => String(entry.labels[key]) === wanted)).reduce((sum, entry) => sum + entry.value, 0)
}

describe('metrics from Payload', () => {
  it('count each job run by its task and outcome', async () => {
    const before = await value('vpnkeys_job_runs_total', { task: 'forgetExpiredLimits', outcome: 'ok' })
    const job = await payload.jobs.queue({ task: 'forgetExpiredLimits', input: {} })
    await payload.jobs.runByID({ id: job.id })
    expect(await value('vpnkeys_job_runs_total', { task: 'forgetExpiredLimits', outcome: 'ok' })).toBe(before + 1)
  })

  it('count each e-mail handed to the mail server', async () => {
    const before = await value('vpnkeys_emails_total', { outcome: 'sent' })
    await payload.sendEmail({ to: 'metrics@mail.example', subject: 'Проверка', text: 'Проверка' })
    expect(await value('vpnkeys_emails_total', { outcome: 'sent' })).toBe(before + 1)
  })

  it('read the queue, servers down, failing and listed keys from the database, every protocol included', async () => {
    const country = (await payload.find({ collection: 'countries', limit: 1, depth: 0, where: { code: { equals: 'nl' } } })).docs[0]!
    const server = await payload.create({
      collection: 'servers',
      depth: 0,
      data: { name: 'metrics-down', country: country.id, hosting: 'Test machine', host: '203.0.113.40', tier: 'free', enabled: true, adapter: 'manual', protocols: [{ protocol: 'vless', port: 443, freeKeys: 0 }], health: { status: 'down' } },
    })
    try {
      const all = metrics()
      await collectDatabaseGauges(payload, all)
      expect(await value('vpnkeys_servers_down')).toBeGreaterThanOrEqual(1)
      expect(await value('vpnkeys_servers_enabled')).toBeGreaterThanOrEqual(await value('vpnkeys_servers_down'))
      const listed = (await all.freeKeysListed.get()).values
      expect(listed.map((entry) => entry.labels.protocol).sort()).toEqual([...PROTOCOLS].sort())
      // The seeded lists hold vless keys.
      expect(await value('vpnkeys_free_keys_listed', { protocol: 'vless' })).toBeGreaterThan(0)
      expect((await all.keysFailing.get()).values).toHaveLength(PROTOCOLS.length)
      expect(await value('vpnkeys_job_queue_oldest_seconds')).toBeGreaterThanOrEqual(0)
    } finally {
      await payload.delete({ collection: 'servers', id: server.id })
    }
  })
})
