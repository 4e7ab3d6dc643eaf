import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_client_apps_format" ADD VALUE 'wireguard';
  ALTER TYPE "public"."enum_site_settings_app_rules_decision" ADD VALUE 'wireguard' BEFORE 'notice';
  ALTER TYPE "public"."enum__site_settings_v_version_app_rules_decision" ADD VALUE 'wireguard' BEFORE 'notice';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "client_apps" ALTER COLUMN "format" SET DATA TYPE text;
  DROP TYPE "public"."enum_client_apps_format";
  CREATE TYPE "public"."enum_client_apps_format" AS ENUM('base64', 'clash', 'clash-legacy', 'stash', 'singbox', 'outline', 'json');
  ALTER TABLE "client_apps" ALTER COLUMN "format" SET DATA TYPE "public"."enum_client_apps_format" USING "format"::"public"."enum_client_apps_format";
  ALTER TABLE "site_settings_app_rules" ALTER COLUMN "decision" SET DATA TYPE text;
  ALTER TABLE "site_settings_app_rules" ALTER COLUMN "decision" SET DEFAULT 'base64'::text;
  DROP TYPE "public"."enum_site_settings_app_rules_decision";
  CREATE TYPE "public"."enum_site_settings_app_rules_decision" AS ENUM('base64', 'clash', 'clash-legacy', 'stash', 'singbox', 'outline', 'json', 'notice', 'refuse');
  ALTER TABLE "site_settings_app_rules" ALTER COLUMN "decision" SET DEFAULT 'base64'::"public"."enum_site_settings_app_rules_decision";
  ALTER TABLE "site_settings_app_rules" ALTER COLUMN "decision" SET DATA TYPE "public"."enum_site_settings_app_rules_decision" USING "decision"::"public"."enum_site_settings_app_rules_decision";
  ALTER TABLE "_site_settings_v_version_app_rules" ALTER COLUMN "decision" SET DATA TYPE text;
  ALTER TABLE "_site_settings_v_version_app_rules" ALTER COLUMN "decision" SET DEFAULT 'base64'::text;
  DROP TYPE "public"."enum__site_settings_v_version_app_rules_decision";
  CREATE TYPE "public"."enum__site_settings_v_version_app_rules_decision" AS ENUM('base64', 'clash', 'clash-legacy', 'stash', 'singbox', 'outline', 'json', 'notice', 'refuse');
  ALTER TABLE "_site_settings_v_version_app_rules" ALTER COLUMN "decision" SET DEFAULT 'base64'::"public"."enum__site_settings_v_version_app_rules_decision";
  ALTER TABLE "_site_settings_v_version_app_rules" ALTER COLUMN "decision" SET DATA TYPE "public"."enum__site_settings_v_version_app_rules_decision" USING "decision"::"public"."enum__site_settings_v_version_app_rules_decision";`)
}
