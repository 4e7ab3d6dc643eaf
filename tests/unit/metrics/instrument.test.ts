import type { EmailAdapter, Payload } from 'payload'
import { describe, expect, it } from 'vitest'

import { measuredEmail, measuredTask } from '@/lib/metrics/instrument'
import { metrics } from '@/lib/metrics/metrics'

async function value(name: string, labels: Record<string, string>): Promise<number> {
  const { values } = await metrics().registry.getSingleMetric(name)!.get()
  return values.filter((entry) => Object.entries(labels).every(([key, wanted]) => String(entry.labels[key]) === wanted)).reduce((sum, entry) => sum + entry.value, 0)
}

const logged: unknown[] = []
const args = { job: { id: 41 }, req: { payload: { logger: { info: (entry: unknown) => logged.push(entry), warn: (entry: unknown) => logged.push(entry) } } as unknown as Payload } }

describe('measuredTask', () => {
  it('counts a run that throws as failed, logs it with the job id, and still throws', async () => {
    const task = measuredTask({ slug: 'unitFails', handler: async () => Promise.reject(new Error('panel refused')) })
    await expect((task.handler as (given: typeof args) => Promise<unknown>)(args)).rejects.toThrow('panel refused')
    expect(await value('vpnkeys_job_runs_total', { task: 'unitFails', outcome: 'failed' })).toBe(1)
    expect(logged).toContainEqual(expect.objectContaining({ job: 41, task: 'unitFails', outcome: 'failed' }))
  })

  it('counts a run that says it failed as failed, and one that returns output as ok', async () => {
    const failed = measuredTask({ slug: 'unitSaysFailed', handler: async () => ({ state: 'failed' as const }) })
    const ok = measuredTask({ slug: 'unitOk', handler: async () => ({ output: {} }) })
    await (failed.handler as (given: typeof args) => Promise<unknown>)(args)
    expect(await (ok.handler as (given: typeof args) => Promise<unknown>)(args)).toEqual({ output: {} })
    expect(await value('vpnkeys_job_runs_total', { task: 'unitSaysFailed', outcome: 'failed' })).toBe(1)
    expect(await value('vpnkeys_job_runs_total', { task: 'unitOk', outcome: 'ok' })).toBe(1)
  })
})

describe('measuredEmail', () => {
  it('counts the mail server’s refusals as failed e-mails and passes the error on', async () => {
    const refusing: EmailAdapter = () => ({ name: 'test', defaultFromAddress: 'a@b.example', defaultFromName: 'A', sendEmail: () => Promise.reject(new Error('550 refused')) })
    const adapter = await measuredEmail(refusing)
    const before = await value('vpnkeys_emails_total', { outcome: 'failed' })
    await expect(adapter({ payload: {} as Payload }).sendEmail({ to: 'x@y.example' })).rejects.toThrow('550 refused')
    expect(await value('vpnkeys_emails_total', { outcome: 'failed' })).toBe(before + 1)
  })
})
