import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "keys" ADD COLUMN "liveness_attempted_at" timestamp(3) with time zone;
  CREATE INDEX "keys_liveness_liveness_attempted_at_idx" ON "keys" USING btree ("liveness_attempted_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "keys_liveness_liveness_attempted_at_idx";
  ALTER TABLE "keys" DROP COLUMN "liveness_attempted_at";`)
}
