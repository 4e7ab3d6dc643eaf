import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings" DROP COLUMN "production_host";
  ALTER TABLE "site_settings" DROP COLUMN "free_keys_host";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings" ADD COLUMN "production_host" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "free_keys_host" varchar;`)
}
