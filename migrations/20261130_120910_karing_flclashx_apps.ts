import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Two more apps that import the subscription with one tap (issue 51): Karing (its URL scheme, karing-docu
// "cooperation/scheme": karing://install-config?url=…&name=…; a sing-box profile, as the rules give Karing) and
// FlClashX (flclashx://install-config?url=…, as Remnawave's subscription page opens it; Mihomo YAML). Written out
// here, frozen with the migration; an app already there under the same name and platform is left as the editors keep it.
const KARING = {
  name: 'Karing',
  format: 'singbox',
  importTemplate: 'karing://install-config?url={urlEncoded}&name={name}',
  releases: 'https://github.com/KaringX/karing/releases/latest',
  appStore: 'https://apps.apple.com/app/karing/id6472431552',
}
const FLCLASHX = { name: 'FlClashX', format: 'clash', importTemplate: 'flclashx://install-config?url={urlEncoded}', releases: 'https://github.com/pluralplay/FlClashX/releases/latest' }

const APPS: { app: typeof KARING | typeof FLCLASHX; platform: string; storeUrl: string; order: number }[] = [
  { app: KARING, platform: 'android', storeUrl: KARING.releases, order: 55 },
  { app: KARING, platform: 'ios', storeUrl: KARING.appStore, order: 45 },
  { app: KARING, platform: 'windows', storeUrl: KARING.releases, order: 35 },
  { app: KARING, platform: 'macos', storeUrl: KARING.appStore, order: 45 },
  { app: FLCLASHX, platform: 'android', storeUrl: FLCLASHX.releases, order: 56 },
  { app: FLCLASHX, platform: 'windows', storeUrl: FLCLASHX.releases, order: 36 },
  { app: FLCLASHX, platform: 'macos', storeUrl: FLCLASHX.releases, order: 46 },
  { app: FLCLASHX, platform: 'linux', storeUrl: FLCLASHX.releases, order: 25 },
]

const PROTOCOLS = ['vless', 'trojan', 'outline']

export async function up({ db }: MigrateUpArgs): Promise<void> {
  for (const { app, platform, storeUrl, order } of APPS) {
    const existing = await db.execute(sql`SELECT "id" FROM "client_apps" WHERE "name" = ${app.name} AND "platform" = ${platform} LIMIT 1`)
    if (existing.rows.length > 0) continue
    const inserted = await db.execute(sql`
      INSERT INTO "client_apps" ("name", "platform", "order", "store_url", "format", "import_template", "recommended")
      VALUES (${app.name}, ${platform}, ${order}, ${storeUrl}, ${app.format}, ${app.importTemplate}, false)
      RETURNING "id"`)
    const id = (inserted.rows[0] as { id: number }).id
    for (const [index, protocol] of PROTOCOLS.entries()) {
      await db.execute(sql`INSERT INTO "client_apps_protocols" ("order", "parent_id", "value") VALUES (${index + 1}, ${id}, ${protocol})`)
    }
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const { app, platform, storeUrl } of APPS) {
    await db.execute(sql`DELETE FROM "client_apps" WHERE "name" = ${app.name} AND "platform" = ${platform} AND "store_url" = ${storeUrl}`)
  }
}
