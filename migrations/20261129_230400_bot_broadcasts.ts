import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Broadcasts through the site's bot (src/lib/bot/broadcasts.ts), outside Payload's collections: whether a Telegram
// user takes the news and in which language (a user may take news without having chosen a language), and each
// broadcast's recipients with what became of their message, so a broadcast sends each of them one message at most.
// And writing to staff from the bot (src/lib/bot/support.ts): until when the bot waits for the message, and when
// the user last wrote (one message a minute).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "telegram_chats" ALTER COLUMN "language" DROP NOT NULL;
  ALTER TABLE "telegram_chats" ADD COLUMN "news" boolean DEFAULT false NOT NULL;
  ALTER TABLE "telegram_chats" ADD COLUMN "news_language" varchar(2);
  ALTER TABLE "telegram_chats" ADD COLUMN "support_until" timestamp(3) with time zone;
  ALTER TABLE "telegram_chats" ADD COLUMN "support_sent_at" timestamp(3) with time zone;
  CREATE TABLE "telegram_broadcast_deliveries" (
    "broadcast_id" integer NOT NULL REFERENCES "broadcasts"("id") ON DELETE CASCADE,
    "telegram_id" bigint NOT NULL,
    "status" varchar(8) NOT NULL,
    "claimed_at" timestamp(3) with time zone,
    PRIMARY KEY ("broadcast_id", "telegram_id")
  );
  CREATE INDEX "telegram_broadcast_deliveries_status_idx" ON "telegram_broadcast_deliveries" ("broadcast_id", "status");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE "telegram_broadcast_deliveries";
  ALTER TABLE "telegram_chats" DROP COLUMN "support_sent_at";
  ALTER TABLE "telegram_chats" DROP COLUMN "support_until";
  ALTER TABLE "telegram_chats" DROP COLUMN "news_language";
  ALTER TABLE "telegram_chats" DROP COLUMN "news";
  DELETE FROM "telegram_chats" WHERE "language" IS NULL;
  ALTER TABLE "telegram_chats" ALTER COLUMN "language" SET NOT NULL;`)
}
