import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings" ADD COLUMN "routing_changed_at" timestamp(3) with time zone;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_routing_changed_at" timestamp(3) with time zone;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings" DROP COLUMN "routing_changed_at";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_routing_changed_at";`)
}
