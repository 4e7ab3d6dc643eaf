import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "gifts" ADD COLUMN "amount_stars" numeric;
  ALTER TABLE "gifts" ADD COLUMN "provider_customer_id" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "gifts" DROP COLUMN "amount_stars";
  ALTER TABLE "gifts" DROP COLUMN "provider_customer_id";`)
}
