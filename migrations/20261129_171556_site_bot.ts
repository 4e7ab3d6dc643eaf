import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The site's Telegram bot (src/lib/bot/store.ts), outside Payload's collections: no API of Payload's reads them.
// telegram_updates: each update's id, claimed by the instance that handles it (kept a day). telegram_chats: the
// language a Telegram user chose in the bot.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "telegram_updates" (
    "update_id" bigint PRIMARY KEY,
    "received_at" timestamp(3) with time zone NOT NULL
  );
  CREATE INDEX "telegram_updates_received_at_idx" ON "telegram_updates" ("received_at");
  CREATE TABLE "telegram_chats" (
    "telegram_id" bigint PRIMARY KEY,
    "language" varchar(2) NOT NULL,
    "updated_at" timestamp(3) with time zone NOT NULL
  );`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE "telegram_chats"; DROP TABLE "telegram_updates";`)
}
