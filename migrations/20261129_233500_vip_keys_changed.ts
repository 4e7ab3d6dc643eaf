import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The owners whose VIP keys staff changed (src/lib/vip/keyChangeNotices.ts), outside Payload's collections: when their
// keys last changed, and when they were told.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "vip_keys_changed" (
    "user_id" integer PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
    "changed_at" timestamp(3) with time zone NOT NULL,
    "noticed_at" timestamp(3) with time zone
  );
  CREATE INDEX "vip_keys_changed_pending_idx" ON "vip_keys_changed" ("changed_at") WHERE "noticed_at" IS NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE "vip_keys_changed";`)
}
