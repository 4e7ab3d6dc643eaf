import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_site_settings_app_rules_decision" AS ENUM('base64', 'clash', 'singbox', 'outline', 'json', 'notice', 'refuse');
  CREATE TYPE "public"."enum__site_settings_v_version_app_rules_decision" AS ENUM('base64', 'clash', 'singbox', 'outline', 'json', 'notice', 'refuse');
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
  // What the site always answered each app (the families in src/lib/feeds/clients.ts before this table), as the saved
  // settings' rules: the table then starts as today's behaviour. Written out here, not imported, so this migration
  // stays what it was when the code's defaults change. A database without settings yet gets them from the seed.
  await db.execute(sql`
  INSERT INTO "site_settings_app_rules" ("_order", "_parent_id", "id", "starts_with", "whole_word", "decision")
  SELECT r.ord, s."id", substr(md5(random()::text || clock_timestamp()::text || r.ord::text), 1, 24), r.starts_with, r.whole_word, r.decision::"enum_site_settings_app_rules_decision"
  FROM "site_settings" s CROSS JOIN (VALUES
    (1, 'clash', false, 'clash'), (2, 'flclash', false, 'clash'), (3, 'mihomo', false, 'clash'), (4, 'stash', false, 'clash'),
    (5, 'sfa', true, 'singbox'), (6, 'sfi', true, 'singbox'), (7, 'sfm', true, 'singbox'), (8, 'sft', true, 'singbox'), (9, 'karing', true, 'singbox'),
    (10, 'sing-box', false, 'singbox'), (11, 'sing_box', false, 'singbox'), (12, 'singbox', false, 'singbox'),
    (13, 'outline', true, 'outline'), (14, 'ss', true, 'outline'), (15, 'ssr', true, 'outline'), (16, 'ssd', true, 'outline'),
    (17, 'sss', true, 'outline'), (18, 'shadowsocks', true, 'outline'), (19, 'ssconf', true, 'outline')
  ) AS r(ord, starts_with, whole_word, decision);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "site_settings_app_rules" CASCADE;
  DROP TABLE "_site_settings_v_version_app_rules" CASCADE;
  ALTER TABLE "site_settings_locales" DROP COLUMN "notices_unsupported_app";
  ALTER TABLE "_site_settings_v_locales" DROP COLUMN "version_notices_unsupported_app";
  DROP TYPE "public"."enum_site_settings_app_rules_decision";
  DROP TYPE "public"."enum__site_settings_v_version_app_rules_decision";`)
}
