// Migrations bring an empty database to the current schema with what every install has, and a first start seeds it
// exactly once.
import { readdirSync, readFileSync } from 'node:fs'

import { drizzle } from 'drizzle-orm/node-postgres'
import type { MigrateUpArgs } from '@payloadcms/db-postgres'
import { Client } from 'pg'
import { describe, expect, it } from 'vitest'

import * as clientAppsMigration from '../../migrations/20261124_065033_client_apps_collection'
import * as karingMigration from '../../migrations/20261130_120910_karing_flclashx_apps'

import { runPrepare } from '../helpers/prepare'

/** An empty database under `name`, or, with `template`, a copy of that database (PostgreSQL's template). */
async function freshDatabase(name: string, template?: string): Promise<string> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL!
  const client = new Client({ connectionString: adminUrl })
  await client.connect()
  await client.query(`DROP DATABASE IF EXISTS "${name}"`)
  await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${new URL(template).pathname.slice(1)}"` : ''}`)
  await client.end()
  return adminUrl.replace(/\/postgres$/, `/${name}`)
}

/**
 * An empty database brought to the current schema by a start of the site that seeds nothing: made once for the file,
 * for the test of that start and, copied, for the migrations taken back and applied again.
 */
let migrated: Promise<{ url: string; output: string }> | undefined
function migratedDatabase(): Promise<{ url: string; output: string }> {
  migrated ??= freshDatabase('int_migrations').then(async (url) => ({ url, output: await runPrepare('never', { ...process.env, DATABASE_URL: url }) }))
  return migrated
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

/** The processes running Payload's type generation with `databaseUrl` in their environment (what a start spawned). */
function typeGenerationsFor(databaseUrl: string): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
        return command.includes('generate:types') && readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`DATABASE_URL=${databaseUrl}`)
      } catch {
        return false // gone meanwhile
      }
    })
}

// The first two tests start the site's preparation twice each from the sources (a process loading the whole config
// through tsx, before the build exists; the third works on a copy of the first's database): on a slower machine, busy
// with the other files and the build, one start took 57 s (clone 104), so the suite's minute a test is no guard here.
describe('migrations', { timeout: 240_000 }, () => {
  it('apply to an empty database and are recorded once', async () => {
    const { url, output } = await migratedDatabase()
    expect(output).toMatch(/^Migrations: applying (\d+) of \1…$/m)
    // A start outside the development server leaves no process behind regenerating src/payload-types.ts (Payload's
    // default outside production: a second load of the whole config, beside whatever reads the file).
    expect(typeGenerationsFor(url)).toEqual([])
    const tables = await query(url, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")
    const names = tables.map((row) => row.table_name)
    for (const table of ['countries', 'servers', 'keys', 'tariffs', 'users', 'subscriptions', 'pages', 'site_settings']) {
      expect(names).toContain(table)
    }
    // An upgrade's `npm run migrate` with nothing new says so.
    expect(await runPrepare('never', { ...process.env, DATABASE_URL: url })).toMatch(/^Migrations: nothing to apply \(all \d+ in place\)\.$/m)
    const applied = await query(url, 'SELECT name FROM payload_migrations WHERE batch > 0')
    expect(applied.length).toBeGreaterThan(0)
    expect(new Set(applied.map((row) => row.name)).size).toBe(applied.length)
    // No demo content without the seed; what every install has is there once (countries, the legal pages), even after
    // a second start.
    expect(await query(url, 'SELECT 1 FROM users')).toHaveLength(0)
    expect(await query(url, 'SELECT 1 FROM servers')).toHaveLength(0)
    expect(await query(url, 'SELECT count(*)::int AS count FROM countries')).toEqual([{ count: 249 }])
    expect(await query(url, 'SELECT slug FROM pages ORDER BY slug')).toEqual([{ slug: 'privacy' }, { slug: 'support' }, { slug: 'user-agreement' }])
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

  it('move the client apps editors kept in site settings into their collection, then fill in the defaults; and back', async () => {
    // The schema as a start leaves it (a copy: the same start as the first test's, run once).
    const url = await freshDatabase('int_client_apps_upgrade', (await migratedDatabase()).url)
    const client = new Client({ connectionString: url })
    await client.connect()
    try {
      const args = { db: drizzle(client) } as unknown as MigrateUpArgs
      await clientAppsMigration.down(args)
      // A site as it was: an editor's own link for Happ on iOS (two protocols), and an app the defaults do not know.
      const [settings] = (await client.query("INSERT INTO site_settings (support_email) VALUES ('support@example.com') RETURNING id")).rows as { id: number }[]
      await client.query(
        `INSERT INTO site_settings_client_apps (_order, _parent_id, id, protocol, platform, name, url) VALUES
          (1, $1, 'a', 'vless', 'ios', 'Happ', 'https://apps.apple.com/app/happ-own-link'),
          (2, $1, 'b', 'trojan', 'ios', 'Happ', 'https://apps.apple.com/app/happ-own-link'),
          (3, $1, 'c', 'wireguard', 'windows', 'TunnelTool', 'https://tunneltool.example/download')`,
        [settings!.id],
      )
      await clientAppsMigration.up(args)
      const apps = (
        await client.query(`SELECT a.name, a.platform::text, a.store_url, a.format::text, a.import_template, array_agg(p.value::text ORDER BY p.value::text) AS protocols
          FROM client_apps a JOIN client_apps_protocols p ON p.parent_id = a.id GROUP BY a.id ORDER BY a.platform, a.name`)
      ).rows as { name: string; platform: string; store_url: string; format: string | null; import_template: string | null; protocols: string[] }[]
      // The editor's link stays; the default fills in the format, the import link and the protocol Happ lacked.
      expect(apps.find((app) => app.platform === 'ios' && app.name === 'Happ')).toEqual({
        name: 'Happ', platform: 'ios', store_url: 'https://apps.apple.com/app/happ-own-link', format: 'base64', import_template: 'happ://add/{url}', protocols: ['outline', 'trojan', 'vless'],
      })
      expect(apps.filter((app) => app.name === 'Happ' && app.platform === 'ios')).toHaveLength(1)
      expect(apps.find((app) => app.name === 'TunnelTool')).toMatchObject({ platform: 'windows', store_url: 'https://tunneltool.example/download', format: null, protocols: ['wireguard'] })
      expect(apps.find((app) => app.platform === 'androidtv' && app.name === 'vpn4tv')).toMatchObject({ import_template: 'hiddify://import/{url}' })
      const notes = (await client.query("SELECT l._locale::text AS locale, l.note FROM client_apps_locales l JOIN client_apps a ON a.id = l._parent_id WHERE a.name = 'Happ' AND a.platform = 'android'")).rows
      expect(notes).toEqual(expect.arrayContaining([{ locale: 'ru', note: 'Бесплатно, без рекламы' }, { locale: 'en', note: 'Free, no ads' }]))
      // Down and up again: the migration can be taken back.
      await clientAppsMigration.down(args)
      expect((await client.query("SELECT to_regclass('client_apps') AS t")).rows[0]).toEqual({ t: null })
      await clientAppsMigration.up(args)

      // Karing and FlClashX join with their one-tap import links; an app the editors already keep under that name and
      // platform stays as they keep it.
      await client.query("INSERT INTO client_apps (name, platform, \"order\", store_url) VALUES ('FlClashX', 'linux', 7, 'https://flclashx.example/own')")
      await karingMigration.up(args)
      const added = (await client.query("SELECT name, platform::text, format::text, import_template, store_url FROM client_apps WHERE name IN ('Karing', 'FlClashX') ORDER BY name, platform")).rows
      expect(added).toEqual(
        expect.arrayContaining([
          { name: 'Karing', platform: 'ios', format: 'singbox', import_template: 'karing://install-config?url={urlEncoded}&name={name}', store_url: 'https://apps.apple.com/app/karing/id6472431552' },
          { name: 'FlClashX', platform: 'android', format: 'clash', import_template: 'flclashx://install-config?url={urlEncoded}', store_url: 'https://github.com/pluralplay/FlClashX/releases/latest' },
          { name: 'FlClashX', platform: 'linux', format: null, import_template: null, store_url: 'https://flclashx.example/own' },
        ]),
      )
      expect(added).toHaveLength(8)
      await karingMigration.down(args)
      expect((await client.query("SELECT name, platform::text FROM client_apps WHERE name IN ('Karing', 'FlClashX')")).rows).toEqual([{ name: 'FlClashX', platform: 'linux' }])
    } finally {
      await client.end()
    }
  })
})
