import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_subscription_events_type" ADD VALUE 'trial_started_on_connect' BEFORE 'cancelled_by_editor';
  ALTER TABLE "tariffs" ADD COLUMN "trial_starts_on_connect" boolean DEFAULT false;
  ALTER TABLE "_tariffs_v" ADD COLUMN "version_trial_starts_on_connect" boolean DEFAULT false;
  ALTER TABLE "subscriptions" ADD COLUMN "trial_hold_days" numeric;
  ALTER TABLE "subscriptions" ADD COLUMN "trial_hold_until" timestamp(3) with time zone;
  ALTER TABLE "subscriptions" ADD COLUMN "trial_hold_connected_at" timestamp(3) with time zone;
  CREATE INDEX "subscriptions_trial_hold_trial_hold_until_idx" ON "subscriptions" USING btree ("trial_hold_until");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "subscription_events" ALTER COLUMN "type" SET DATA TYPE text;
  DROP TYPE "public"."enum_subscription_events_type";
  CREATE TYPE "public"."enum_subscription_events_type" AS ENUM('trial_started', 'activated', 'renewed', 'payment_failed', 'payment', 'refund', 'discount_applied', 'renewal_cancelled', 'renewal_resumed', 'cancelled', 'expired', 'extended_by_editor', 'cancelled_by_editor');
  ALTER TABLE "subscription_events" ALTER COLUMN "type" SET DATA TYPE "public"."enum_subscription_events_type" USING "type"::"public"."enum_subscription_events_type";
  DROP INDEX "subscriptions_trial_hold_trial_hold_until_idx";
  ALTER TABLE "tariffs" DROP COLUMN "trial_starts_on_connect";
  ALTER TABLE "_tariffs_v" DROP COLUMN "version_trial_starts_on_connect";
  ALTER TABLE "subscriptions" DROP COLUMN "trial_hold_days";
  ALTER TABLE "subscriptions" DROP COLUMN "trial_hold_until";
  ALTER TABLE "subscriptions" DROP COLUMN "trial_hold_connected_at";`)
}
