import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_site_settings_app_rules_decision" AS ENUM('base64', 'clash', 'clash-legacy', 'stash', 'singbox', 'outline', 'json', 'notice', 'refuse');
  CREATE TYPE "public"."enum__site_settings_v_version_app_rules_decision" AS ENUM('base64', 'clash', 'clash-legacy', 'stash', 'singbox', 'outline', 'json', 'notice', 'refuse');
  ALTER TYPE "public"."enum_client_apps_format" ADD VALUE 'clash-legacy' BEFORE 'singbox';
  ALTER TYPE "public"."enum_client_apps_format" ADD VALUE 'stash' BEFORE 'singbox';
  CREATE TABLE "site_settings_app_rules" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"starts_with" varchar NOT NULL,
  	"whole_word" boolean DEFAULT false,
  	"decision" "enum_site_settings_app_rules_decision" DEFAULT 'base64' NOT NULL
  );
  
  CREATE TABLE "_site_settings_v_version_app_rules" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"starts_with" varchar NOT NULL,
  	"whole_word" boolean DEFAULT false,
  	"decision" "enum__site_settings_v_version_app_rules_decision" DEFAULT 'base64' NOT NULL,
  	"_uuid" varchar
  );
  
  ALTER TABLE "site_settings_locales" ADD COLUMN "notices_unsupported_app" varchar;
  ALTER TABLE "_site_settings_v_locales" ADD COLUMN "version_notices_unsupported_app" varchar;
  ALTER TABLE "site_settings_app_rules" ADD CONSTRAINT "site_settings_app_rules_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_site_settings_v_version_app_rules" ADD CONSTRAINT "_site_settings_v_version_app_rules_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_site_settings_v"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "site_settings_app_rules_order_idx" ON "site_settings_app_rules" USING btree ("_order");
  CREATE INDEX "site_settings_app_rules_parent_id_idx" ON "site_settings_app_rules" USING btree ("_parent_id");
  CREATE INDEX "_site_settings_v_version_app_rules_order_idx" ON "_site_settings_v_version_app_rules" USING btree ("_order");
  CREATE INDEX "_site_settings_v_version_app_rules_parent_id_idx" ON "_site_settings_v_version_app_rules" USING btree ("_parent_id");`)
  // The built-in answers per app (src/lib/feeds/appRules.ts, DEFAULT_APP_RULES, as they are today: the families
  // clients.ts served, with the original Clash core's apps and Stash now given the YAML each reads) as the saved settings' rules.
  // Written out here, not imported, so this migration stays what it was when the code's defaults change. A database
  // without settings yet gets them from the seed.
  await db.execute(sql`
  INSERT INTO "site_settings_app_rules" ("_order", "_parent_id", "id", "starts_with", "whole_word", "decision")
  SELECT r.ord, s."id", substr(md5(random()::text || clock_timestamp()::text || r.ord::text), 1, 24), r.starts_with, r.whole_word, r.decision::"enum_site_settings_app_rules_decision"
  FROM "site_settings" s CROSS JOIN (VALUES
    (1, 'ClashX Meta', false, 'clash'), (2, 'ClashX.Meta', false, 'clash'),
    (3, 'ClashforWindows', false, 'clash-legacy'), (4, 'Clash for Windows', false, 'clash-legacy'), (5, 'ClashForAndroid', false, 'clash-legacy'),
    (6, 'ClashX', true, 'clash-legacy'), (7, 'stash', false, 'stash'),
    (8, 'clash', false, 'clash'), (9, 'flclash', false, 'clash'), (10, 'mihomo', false, 'clash'),
    (11, 'sfa', true, 'singbox'), (12, 'sfi', true, 'singbox'), (13, 'sfm', true, 'singbox'), (14, 'sft', true, 'singbox'), (15, 'karing', true, 'singbox'),
    (16, 'sing-box', false, 'singbox'), (17, 'sing_box', false, 'singbox'), (18, 'singbox', false, 'singbox'),
    (19, 'outline', true, 'outline'), (20, 'ss', true, 'outline'), (21, 'ssr', true, 'outline'), (22, 'ssd', true, 'outline'),
    (23, 'sss', true, 'outline'), (24, 'shadowsocks', true, 'outline'), (25, 'ssconf', true, 'outline')
  ) AS r(ord, starts_with, whole_word, decision);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "site_settings_app_rules" CASCADE;
  DROP TABLE "_site_settings_v_version_app_rules" CASCADE;
  ALTER TABLE "client_apps" ALTER COLUMN "format" SET DATA TYPE text;
  DROP TYPE "public"."enum_client_apps_format";
  CREATE TYPE "public"."enum_client_apps_format" AS ENUM('base64', 'clash', 'singbox', 'outline', 'json');
  ALTER TABLE "client_apps" ALTER COLUMN "format" SET DATA TYPE "public"."enum_client_apps_format" USING "format"::"public"."enum_client_apps_format";
  ALTER TABLE "site_settings_locales" DROP COLUMN "notices_unsupported_app";
  ALTER TABLE "_site_settings_v_locales" DROP COLUMN "version_notices_unsupported_app";
  DROP TYPE "public"."enum_site_settings_app_rules_decision";
  DROP TYPE "public"."enum__site_settings_v_version_app_rules_decision";`)
}
