import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_incidents_kind" ADD VALUE 'backupFailing';
  ALTER TYPE "public"."enum_site_settings_alerts_muted" ADD VALUE 'backupFailing';
  ALTER TYPE "public"."enum__site_settings_v_version_alerts_muted" ADD VALUE 'backupFailing';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // The value goes with what holds it.
  await db.execute(sql`
   DELETE FROM "incidents" WHERE "kind" = 'backupFailing';
  DELETE FROM "site_settings_alerts_muted" WHERE "value" = 'backupFailing';
  DELETE FROM "_site_settings_v_version_alerts_muted" WHERE "value" = 'backupFailing';
   ALTER TABLE "incidents" ALTER COLUMN "kind" SET DATA TYPE text;
  DROP TYPE "public"."enum_incidents_kind";
  CREATE TYPE "public"."enum_incidents_kind" AS ENUM('serverDown', 'listEmpty', 'rotationFailed', 'keysFailing', 'renewalsFailing', 'mailFailing', 'providerRefusing');
  ALTER TABLE "incidents" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_incidents_kind" USING "kind"::"public"."enum_incidents_kind";
  ALTER TABLE "site_settings_alerts_muted" ALTER COLUMN "value" SET DATA TYPE text;
  DROP TYPE "public"."enum_site_settings_alerts_muted";
  CREATE TYPE "public"."enum_site_settings_alerts_muted" AS ENUM('serverDown', 'listEmpty', 'rotationFailed', 'keysFailing', 'renewalsFailing', 'mailFailing', 'providerRefusing');
  ALTER TABLE "site_settings_alerts_muted" ALTER COLUMN "value" SET DATA TYPE "public"."enum_site_settings_alerts_muted" USING "value"::"public"."enum_site_settings_alerts_muted";
  ALTER TABLE "_site_settings_v_version_alerts_muted" ALTER COLUMN "value" SET DATA TYPE text;
  DROP TYPE "public"."enum__site_settings_v_version_alerts_muted";
  CREATE TYPE "public"."enum__site_settings_v_version_alerts_muted" AS ENUM('serverDown', 'listEmpty', 'rotationFailed', 'keysFailing', 'renewalsFailing', 'mailFailing', 'providerRefusing');
  ALTER TABLE "_site_settings_v_version_alerts_muted" ALTER COLUMN "value" SET DATA TYPE "public"."enum__site_settings_v_version_alerts_muted" USING "value"::"public"."enum__site_settings_v_version_alerts_muted";`)
}
