import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Promo codes in the site's bot (src/lib/bot/promo.ts): the code a Telegram user gave (by `/start promo-CODE` or by
// typing it after "Enter a promo code"), which the VIP screen and its Stars invoices then apply, and until when the
// bot waits for the code to be typed.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "telegram_chats" ADD COLUMN "promo_code" varchar(32);
  ALTER TABLE "telegram_chats" ADD COLUMN "promo_until" timestamp(3) with time zone;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "telegram_chats" DROP COLUMN "promo_until";
  ALTER TABLE "telegram_chats" DROP COLUMN "promo_code";`)
}
