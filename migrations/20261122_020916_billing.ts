import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_subscription_events_type" ADD VALUE 'payment' BEFORE 'discount_applied';
  ALTER TYPE "public"."enum_subscription_events_type" ADD VALUE 'renewal_resumed' BEFORE 'expired';
  ALTER TYPE "public"."enum_subscription_events_type" ADD VALUE 'cancelled' BEFORE 'expired';
  ALTER TYPE "public"."enum_subscription_events_type" ADD VALUE 'extended_by_editor';
  ALTER TYPE "public"."enum_subscription_events_type" ADD VALUE 'cancelled_by_editor';
  ALTER TABLE "subscriptions" ALTER COLUMN "user_id" DROP NOT NULL;
  ALTER TABLE "subscription_events" ALTER COLUMN "user_id" DROP NOT NULL;
  ALTER TABLE "subscription_events" ADD COLUMN "invoice_id" varchar;
  ALTER TABLE "subscription_events" ADD COLUMN "note" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "rating_score" numeric;
  ALTER TABLE "site_settings" ADD COLUMN "rating_reviews" numeric;
  ALTER TABLE "site_settings" ADD COLUMN "cancel_discount_percent" numeric DEFAULT 30;
  CREATE UNIQUE INDEX "subscription_events_invoice_id_idx" ON "subscription_events" USING btree ("invoice_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "subscription_events" ALTER COLUMN "type" SET DATA TYPE text;
  DROP TYPE "public"."enum_subscription_events_type";
  CREATE TYPE "public"."enum_subscription_events_type" AS ENUM('trial_started', 'activated', 'renewed', 'payment_failed', 'discount_applied', 'renewal_cancelled', 'expired');
  ALTER TABLE "subscription_events" ALTER COLUMN "type" SET DATA TYPE "public"."enum_subscription_events_type" USING "type"::"public"."enum_subscription_events_type";
  DROP INDEX "subscription_events_invoice_id_idx";
  ALTER TABLE "subscriptions" ALTER COLUMN "user_id" SET NOT NULL;
  ALTER TABLE "subscription_events" ALTER COLUMN "user_id" SET NOT NULL;
  ALTER TABLE "subscription_events" DROP COLUMN "invoice_id";
  ALTER TABLE "subscription_events" DROP COLUMN "note";
  ALTER TABLE "site_settings" DROP COLUMN "rating_score";
  ALTER TABLE "site_settings" DROP COLUMN "rating_reviews";
  ALTER TABLE "site_settings" DROP COLUMN "cancel_discount_percent";`)
}
