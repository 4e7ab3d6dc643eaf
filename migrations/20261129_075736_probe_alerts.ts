import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_incidents_kind" ADD VALUE 'serverBlocked';
  ALTER TYPE "public"."enum_incidents_kind" ADD VALUE 'probeSilent';
  ALTER TYPE "public"."enum_site_settings_alerts_muted" ADD VALUE 'serverBlocked';
  ALTER TYPE "public"."enum_site_settings_alerts_muted" ADD VALUE 'probeSilent';
  ALTER TYPE "public"."enum__site_settings_v_version_alerts_muted" ADD VALUE 'serverBlocked';
  ALTER TYPE "public"."enum__site_settings_v_version_alerts_muted" ADD VALUE 'probeSilent';`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  // What only the new kinds name goes first: the old types cannot hold it.
  await db.execute(sql`
   DELETE FROM "incidents" WHERE "kind"::text IN ('serverBlocked', 'probeSilent');
   DELETE FROM "site_settings_alerts_muted" WHERE "value"::text IN ('serverBlocked', 'probeSilent');
   DELETE FROM "_site_settings_v_version_alerts_muted" WHERE "value"::text IN ('serverBlocked', 'probeSilent');`)
  await db.execute(sql`
   ALTER TABLE "incidents" ALTER COLUMN "kind" SET DATA TYPE text;
  DROP TYPE "public"."enum_incidents_kind";
  CREATE TYPE "public"."enum_incidents_kind" AS ENUM('serverDown', 'listEmpty', 'rotationFailed', 'keysFailing', 'renewalsFailing', 'mailFailing', 'providerRefusing', 'backupFailing');
  ALTER TABLE "incidents" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_incidents_kind" USING "kind"::"public"."enum_incidents_kind";
  ALTER TABLE "site_settings_alerts_muted" ALTER COLUMN "value" SET DATA TYPE text;
  DROP TYPE "public"."enum_site_settings_alerts_muted";
  CREATE TYPE "public"."enum_site_settings_alerts_muted" AS ENUM('serverDown', 'listEmpty', 'rotationFailed', 'keysFailing', 'renewalsFailing', 'mailFailing', 'providerRefusing', 'backupFailing');
  ALTER TABLE "site_settings_alerts_muted" ALTER COLUMN "value" SET DATA TYPE "public"."enum_site_settings_alerts_muted" USING "value"::"public"."enum_site_settings_alerts_muted";
  ALTER TABLE "_site_settings_v_version_alerts_muted" ALTER COLUMN "value" SET DATA TYPE text;
  DROP TYPE "public"."enum__site_settings_v_version_alerts_muted";
  CREATE TYPE "public"."enum__site_settings_v_version_alerts_muted" AS ENUM('serverDown', 'listEmpty', 'rotationFailed', 'keysFailing', 'renewalsFailing', 'mailFailing', 'providerRefusing', 'backupFailing');
  ALTER TABLE "_site_settings_v_version_alerts_muted" ALTER COLUMN "value" SET DATA TYPE "public"."enum__site_settings_v_version_alerts_muted" USING "value"::"public"."enum__site_settings_v_version_alerts_muted";`)
}
