import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "keys" ADD COLUMN "list_rank" numeric;
  CREATE INDEX "keys_list_rank_idx" ON "keys" USING btree ("list_rank");`)
  // Existing keys get their place in the lists (the values of src/lib/keys/listOrder.ts, frozen here).
  await db.execute(sql`
   UPDATE "keys" SET "list_rank" = CASE "protocol"
     WHEN 'vless' THEN 1 WHEN 'outline' THEN 1 WHEN 'trojan' THEN 1 WHEN 'wireguard' THEN 2 WHEN 'openvpn' THEN 2 WHEN 'sstp' THEN 3 END;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "keys_list_rank_idx";
  ALTER TABLE "keys" DROP COLUMN "list_rank";`)
}
