import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "keys" ADD COLUMN "for_probes" boolean DEFAULT false;
  ALTER TABLE "probes" ADD COLUMN "checks_vip" boolean DEFAULT false;
  CREATE INDEX "keys_for_probes_idx" ON "keys" USING btree ("for_probes");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "keys_for_probes_idx";
  ALTER TABLE "keys" DROP COLUMN "for_probes";
  ALTER TABLE "probes" DROP COLUMN "checks_vip";`)
}
