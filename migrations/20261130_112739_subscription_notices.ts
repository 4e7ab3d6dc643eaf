import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings" ADD COLUMN "happ_provider_id" varchar;
  ALTER TABLE "site_settings_locales" ADD COLUMN "notices_device_limit" varchar;
  ALTER TABLE "site_settings_locales" ADD COLUMN "notices_no_device_id" varchar;
  ALTER TABLE "site_settings_locales" ADD COLUMN "notices_ended" varchar;
  ALTER TABLE "site_settings_locales" ADD COLUMN "notices_no_keys" varchar;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_happ_provider_id" varchar;
  ALTER TABLE "_site_settings_v_locales" ADD COLUMN "version_notices_device_limit" varchar;
  ALTER TABLE "_site_settings_v_locales" ADD COLUMN "version_notices_no_device_id" varchar;
  ALTER TABLE "_site_settings_v_locales" ADD COLUMN "version_notices_ended" varchar;
  ALTER TABLE "_site_settings_v_locales" ADD COLUMN "version_notices_no_keys" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings" DROP COLUMN "happ_provider_id";
  ALTER TABLE "site_settings_locales" DROP COLUMN "notices_device_limit";
  ALTER TABLE "site_settings_locales" DROP COLUMN "notices_no_device_id";
  ALTER TABLE "site_settings_locales" DROP COLUMN "notices_ended";
  ALTER TABLE "site_settings_locales" DROP COLUMN "notices_no_keys";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_happ_provider_id";
  ALTER TABLE "_site_settings_v_locales" DROP COLUMN "version_notices_device_limit";
  ALTER TABLE "_site_settings_v_locales" DROP COLUMN "version_notices_no_device_id";
  ALTER TABLE "_site_settings_v_locales" DROP COLUMN "version_notices_ended";
  ALTER TABLE "_site_settings_v_locales" DROP COLUMN "version_notices_no_keys";`)
}
