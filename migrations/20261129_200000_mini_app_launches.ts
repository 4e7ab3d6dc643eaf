import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The Mini App's launches that opened a session (src/lib/bot/store.ts's claimLaunch), outside Payload's collections:
// each launch data's hash, so the same launch opens one session; kept a day.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "telegram_launches" (
    "hash" varchar(64) PRIMARY KEY,
    "used_at" timestamp(3) with time zone NOT NULL
  );
  CREATE INDEX "telegram_launches_used_at_idx" ON "telegram_launches" ("used_at");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE "telegram_launches";`)
}
