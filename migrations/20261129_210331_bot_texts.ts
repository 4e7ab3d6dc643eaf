import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings_locales" ADD COLUMN "bot_welcome" varchar;
  ALTER TABLE "site_settings_locales" ADD COLUMN "bot_support" varchar;
  ALTER TABLE "_site_settings_v_locales" ADD COLUMN "version_bot_welcome" varchar;
  ALTER TABLE "_site_settings_v_locales" ADD COLUMN "version_bot_support" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings_locales" DROP COLUMN "bot_welcome";
  ALTER TABLE "site_settings_locales" DROP COLUMN "bot_support";
  ALTER TABLE "_site_settings_v_locales" DROP COLUMN "version_bot_welcome";
  ALTER TABLE "_site_settings_v_locales" DROP COLUMN "version_bot_support";`)
}
