// The metrics Payload's work feeds, against the real database: job runs by task, e-mails, subscription history, and
// the figures /api/metrics reads from the database at scrape time (its SQL against the real schema).
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { LISTED_PROTOCOLS } from '@/lib/keys'
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

  it('read the queue, servers down, failing and listed keys from the database, every protocol of the public lists included', async () => {
    const all = metrics()
    await collectDatabaseGauges(payload, all)
    const listed = (await all.freeKeysListed.get()).values
    expect(listed.map((entry) => entry.labels.protocol).sort()).toEqual([...LISTED_PROTOCOLS].sort())
    // The seeded lists hold vless keys.
    expect(await value('vpnkeys_free_keys_listed', { protocol: 'vless' })).toBeGreaterThan(0)
    expect((await all.keysFailing.get()).values).toHaveLength(LISTED_PROTOCOLS.length)
    expect((await all.keysSuspect.get()).values).toHaveLength(LISTED_PROTOCOLS.length)
    expect((await all.freeListsEmpty.get()).values).toHaveLength(LISTED_PROTOCOLS.length)
    expect(await value('vpnkeys_servers_enabled')).toBeGreaterThanOrEqual(await value('vpnkeys_servers_down'))
    expect(await value('vpnkeys_job_queue_oldest_seconds')).toBeGreaterThanOrEqual(0)
  })

  it('count the probes’ checks of the last hour by country, network, protocol and result, and the probes gone silent', async () => {
    const { sqlPool } = await import('@/lib/db/pool')
    const pool = sqlPool(payload)
    const network = `Metrics-${process.pid}`
    await collectDatabaseGauges(payload, metrics())
    const silentBefore = await value('vpnkeys_probes_silent')
    await pool.query(
      `INSERT INTO probe_network_hours (country, network, protocol, hour, checks, passed) VALUES ('ru', $1, 'vless', date_trunc('hour', now()), 5, 3), ('ru', $1, 'vless', date_trunc('hour', now()) - interval '3 hours', 7, 7)`,
      [network],
    )
    const probe = await payload.create({ collection: 'probes', data: { name: network, country: 'ru', network, tokenIssuedAt: new Date(Date.now() - 20 * 60_000).toISOString() } })
    try {
      await collectDatabaseGauges(payload, metrics())
      expect(await value('vpnkeys_probe_checks_last_hour', { country: 'ru', network, protocol: 'vless', result: 'passed' })).toBe(3)
      expect(await value('vpnkeys_probe_checks_last_hour', { country: 'ru', network, protocol: 'vless', result: 'failed' })).toBe(2)
      expect(await value('vpnkeys_probes_silent')).toBe(silentBefore + 1)
    } finally {
      await payload.delete({ collection: 'probes', id: probe.id })
      await pool.query('DELETE FROM probe_network_hours WHERE network = $1', [network])
    }
  })

  it('count a server down and a list empty as the site’s own incidents do: after three failed checks, and only for lists some free server offers', async () => {
    const country = (await payload.find({ collection: 'countries', limit: 1, depth: 0, where: { code: { equals: 'aq' } } })).docs[0]!
    const { currentConditions } = await import('@/lib/alerts/conditions')
    const gauges = async () => {
      await collectDatabaseGauges(payload, metrics())
      return { down: await value('vpnkeys_servers_down'), emptySstp: await value('vpnkeys_free_lists_empty', { protocol: 'sstp' }), emptyOpenvpn: await value('vpnkeys_free_lists_empty', { protocol: 'openvpn' }) }
    }
    const incidents = async () => (await currentConditions(payload)).holding.map((condition) => condition.key)
    const before = await gauges()
    // An adapter told to issue no sstp keys offers no sstp list; a manual server with none imported does offer its list.
    const server = await payload.create({
      collection: 'servers',
      depth: 0,
      data: {
        name: 'metrics-down',
        country: country.id,
        hosting: 'Test machine',
        host: '203.0.113.40',
        tier: 'free',
        enabled: true,
        adapter: 'manual',
        protocols: [{ protocol: 'openvpn', port: 1194 }],
        health: { status: 'down', failures: 1 },
      },
    })
    const quiet = await payload.create({
      collection: 'servers',
      depth: 0,
      data: { name: 'metrics-no-sstp', country: country.id, hosting: 'Test machine', host: '203.0.113.41', tier: 'free', enabled: true, adapter: 'softether', protocols: [{ protocol: 'sstp', port: 443, freeKeys: 0 }] },
    })
    try {
      // One failed check: neither the site nor the metric calls it down yet.
      expect(await gauges()).toEqual({ ...before, emptyOpenvpn: before.emptyOpenvpn + 1 })
      expect(await incidents()).not.toContain(`serverDown:${server.id}`)
      expect(await incidents()).toContain(`listEmpty:${country.id}:openvpn`)
      expect(await incidents()).not.toContain(`listEmpty:${country.id}:sstp`)
      await payload.update({ collection: 'servers', id: server.id, data: { health: { status: 'down', failures: 3 } } })
      expect(await gauges()).toEqual({ down: before.down + 1, emptySstp: before.emptySstp, emptyOpenvpn: before.emptyOpenvpn + 1 })
      expect(await incidents()).toContain(`serverDown:${server.id}`)
    } finally {
      await payload.delete({ collection: 'servers', where: { id: { in: [server.id, quiet.id] } } })
    }
  })
})
