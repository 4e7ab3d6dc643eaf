// Migrations bring an empty database to the current schema, and a first start seeds it exactly once.
import { Client } from 'pg'
import { describe, expect, it } from 'vitest'

import { runPrepare } from '../helpers/prepare'

async function freshDatabase(name: string): Promise<string> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL!
  const client = new Client({ connectionString: adminUrl })
  await client.connect()
  await client.query(`DROP DATABASE IF EXISTS "${name}"`)
  await client.query(`CREATE DATABASE "${name}"`)
  await client.end()
  return adminUrl.replace(/\/postgres$/, `/${name}`)
}

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(sql)).rows
  } finally {
    await client.end()
  }
}

describe('migrations', () => {
  it('apply to an empty database and are recorded once', async () => {
    const url = await freshDatabase('int_migrations')
    await runPrepare('never', { ...process.env, DATABASE_URL: url })
    const tables = await query(url, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")
    const names = tables.map((row) => row.table_name)
    for (const table of ['countries', 'servers', 'keys', 'tariffs', 'users', 'subscriptions', 'pages', 'site_settings']) {
      expect(names).toContain(table)
    }
    await runPrepare('never', { ...process.env, DATABASE_URL: url })
    const applied = await query(url, 'SELECT name FROM payload_migrations WHERE batch > 0')
    expect(applied.length).toBeGreaterThan(0)
    expect(new Set(applied.map((row) => row.name)).size).toBe(applied.length)
    expect(await query(url, 'SELECT 1 FROM countries')).toHaveLength(0)
  })

  it('seed the demo content on the first start only', async () => {
    const url = await freshDatabase('int_first_start')
    await runPrepare('if-empty', { ...process.env, DATABASE_URL: url })
    const [first] = await query(url, 'SELECT (SELECT count(*) FROM keys) AS keys, (SELECT count(*) FROM users) AS users')
    expect(Number(first?.keys)).toBeGreaterThan(0)
    await runPrepare('if-empty', { ...process.env, DATABASE_URL: url })
    const [second] = await query(url, 'SELECT (SELECT count(*) FROM keys) AS keys, (SELECT count(*) FROM users) AS users')
    expect(second).toEqual(first)
  })
})
