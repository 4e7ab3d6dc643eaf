import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings" ADD COLUMN "require_device_id" boolean DEFAULT false;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_require_device_id" boolean DEFAULT false;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings" DROP COLUMN "require_device_id";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_require_device_id";`)
}
