import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

import { defaultClientApps } from './data/20261124_client_apps'

type Db = Pick<MigrateUpArgs, 'db'>

/**
 * Site settings' client-app rows (one per app, platform and protocol) become one app each, with their protocols and
 * the editor's link; the old rows had no formats, import links or notes.
 */
async function keepEditorsApps({ db }: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO "client_apps" ("name", "platform", "order", "store_url")
    SELECT "name", "platform"::text::"enum_client_apps_platform", 100 + min("_order"), "url"
    FROM "site_settings_client_apps" GROUP BY "name", "platform", "url"`)
  await db.execute(sql`
    INSERT INTO "client_apps_protocols" ("order", "parent_id", "value")
    SELECT row_number() OVER (PARTITION BY app."id" ORDER BY old."_order"), app."id", old."protocol"::text::"enum_client_apps_protocols"
    FROM "site_settings_client_apps" old
    JOIN "client_apps" app ON app."name" = old."name" AND app."platform"::text = old."platform"::text AND app."store_url" = old."url"`)
}

/**
 * The default apps: an app already there (same name and platform) keeps its link and gains the format, import link,
 * notes, order and protocols it lacked; the others are added.
 */
async function addDefaultApps({ db }: Db): Promise<void> {
  for (const app of defaultClientApps) {
    const existing = await db.execute(sql`SELECT "id" FROM "client_apps" WHERE "name" = ${app.name} AND "platform" = ${app.platform} LIMIT 1`)
    let id = (existing.rows[0] as { id: number } | undefined)?.id
    if (id === undefined) {
      const inserted = await db.execute(sql`
        INSERT INTO "client_apps" ("name", "platform", "order", "store_url", "store_url_ru", "format", "import_template", "recommended")
        VALUES (${app.name}, ${app.platform}, ${app.order}, ${app.storeUrl}, ${app.storeUrlRu ?? null}, ${app.format ?? null}, ${app.importTemplate ?? null}, ${app.recommended ?? false})
        RETURNING "id"`)
      id = (inserted.rows[0] as { id: number }).id
    } else {
      await db.execute(sql`
        UPDATE "client_apps" SET "order" = ${app.order}, "store_url_ru" = ${app.storeUrlRu ?? null}, "format" = ${app.format ?? null},
          "import_template" = ${app.importTemplate ?? null}, "recommended" = ${app.recommended ?? false}
        WHERE "id" = ${id}`)
    }
    for (const [order, protocol] of app.protocols.entries()) {
      await db.execute(sql`
        INSERT INTO "client_apps_protocols" ("order", "parent_id", "value")
        SELECT ${100 + order}, ${id}, ${protocol}
        WHERE NOT EXISTS (SELECT 1 FROM "client_apps_protocols" WHERE "parent_id" = ${id} AND "value" = ${protocol})`)
    }
    if (app.note) {
      await db.execute(sql`INSERT INTO "client_apps_locales" ("note", "_locale", "_parent_id") VALUES (${app.note.ru}, 'ru', ${id}), (${app.note.en}, 'en', ${id})`)
    }
  }
}

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_client_apps_protocols" AS ENUM('vless', 'outline', 'trojan', 'wireguard', 'openvpn', 'sstp');
  CREATE TYPE "public"."enum_client_apps_platform" AS ENUM('android', 'ios', 'windows', 'macos', 'linux', 'androidtv');
  CREATE TYPE "public"."enum_client_apps_format" AS ENUM('base64', 'clash', 'singbox', 'outline', 'json');
  CREATE TABLE "client_apps_protocols" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_client_apps_protocols",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "client_apps" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"platform" "enum_client_apps_platform" NOT NULL,
  	"order" numeric DEFAULT 100,
  	"store_url" varchar NOT NULL,
  	"store_url_ru" varchar,
  	"format" "enum_client_apps_format",
  	"import_template" varchar,
  	"recommended" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "client_apps_locales" (
  	"note" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "client_apps_id" integer;
  ALTER TABLE "client_apps_protocols" ADD CONSTRAINT "client_apps_protocols_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."client_apps"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "client_apps_locales" ADD CONSTRAINT "client_apps_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."client_apps"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "client_apps_protocols_order_idx" ON "client_apps_protocols" USING btree ("order");
  CREATE INDEX "client_apps_protocols_parent_idx" ON "client_apps_protocols" USING btree ("parent_id");
  CREATE INDEX "client_apps_platform_idx" ON "client_apps" USING btree ("platform");
  CREATE INDEX "client_apps_updated_at_idx" ON "client_apps" USING btree ("updated_at");
  CREATE INDEX "client_apps_created_at_idx" ON "client_apps" USING btree ("created_at");
  CREATE UNIQUE INDEX "client_apps_locales_locale_parent_id_unique" ON "client_apps_locales" USING btree ("_locale","_parent_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_client_apps_fk" FOREIGN KEY ("client_apps_id") REFERENCES "public"."client_apps"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_client_apps_id_idx" ON "payload_locked_documents_rels" USING btree ("client_apps_id");
`)
  // The apps editors kept in site settings come along, then the defaults fill in what they lack.
  await keepEditorsApps({ db })
  await addDefaultApps({ db })
  await db.execute(sql`
  ALTER TABLE "site_settings_client_apps" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_site_settings_v_version_client_apps" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "site_settings_client_apps" CASCADE;
  DROP TABLE "_site_settings_v_version_client_apps" CASCADE;
  DROP TYPE "public"."enum_site_settings_client_apps_protocol";
  DROP TYPE "public"."enum_site_settings_client_apps_platform";
  DROP TYPE "public"."enum__site_settings_v_version_client_apps_protocol";
  DROP TYPE "public"."enum__site_settings_v_version_client_apps_platform";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_site_settings_client_apps_protocol" AS ENUM('vless', 'outline', 'trojan', 'wireguard', 'openvpn', 'sstp');
  CREATE TYPE "public"."enum_site_settings_client_apps_platform" AS ENUM('ios', 'android', 'macos', 'windows');
  CREATE TYPE "public"."enum__site_settings_v_version_client_apps_protocol" AS ENUM('vless', 'outline', 'trojan', 'wireguard', 'openvpn', 'sstp');
  CREATE TYPE "public"."enum__site_settings_v_version_client_apps_platform" AS ENUM('ios', 'android', 'macos', 'windows');
  CREATE TABLE "site_settings_client_apps" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"protocol" "enum_site_settings_client_apps_protocol" NOT NULL,
  	"platform" "enum_site_settings_client_apps_platform" NOT NULL,
  	"name" varchar NOT NULL,
  	"url" varchar NOT NULL
  );
  
  CREATE TABLE "_site_settings_v_version_client_apps" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"protocol" "enum__site_settings_v_version_client_apps_protocol" NOT NULL,
  	"platform" "enum__site_settings_v_version_client_apps_platform" NOT NULL,
  	"name" varchar NOT NULL,
  	"url" varchar NOT NULL,
  	"_uuid" varchar
  );
  
  ALTER TABLE "client_apps_protocols" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "client_apps" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "client_apps_locales" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "client_apps_protocols" CASCADE;
  DROP TABLE "client_apps" CASCADE;
  DROP TABLE "client_apps_locales" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_client_apps_fk";
  
  DROP INDEX "payload_locked_documents_rels_client_apps_id_idx";
  ALTER TABLE "site_settings_client_apps" ADD CONSTRAINT "site_settings_client_apps_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_site_settings_v_version_client_apps" ADD CONSTRAINT "_site_settings_v_version_client_apps_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_site_settings_v"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "site_settings_client_apps_order_idx" ON "site_settings_client_apps" USING btree ("_order");
  CREATE INDEX "site_settings_client_apps_parent_id_idx" ON "site_settings_client_apps" USING btree ("_parent_id");
  CREATE INDEX "_site_settings_v_version_client_apps_order_idx" ON "_site_settings_v_version_client_apps" USING btree ("_order");
  CREATE INDEX "_site_settings_v_version_client_apps_parent_id_idx" ON "_site_settings_v_version_client_apps" USING btree ("_parent_id");
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "client_apps_id";
  DROP TYPE "public"."enum_client_apps_protocols";
  DROP TYPE "public"."enum_client_apps_platform";
  DROP TYPE "public"."enum_client_apps_format";`)
}
