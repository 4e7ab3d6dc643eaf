import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_referrals_status" AS ENUM('pending', 'rewarded', 'refused', 'revoked');
  CREATE TYPE "public"."enum_referrals_refusal" AS ENUM('self', 'sameEmail', 'sameMethod', 'sameDevice', 'refunded', 'off');
  ALTER TYPE "public"."enum_subscription_events_type" ADD VALUE 'referral_reward';
  ALTER TYPE "public"."enum_subscription_events_type" ADD VALUE 'referral_taken_back';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'settleReferral' BEFORE 'revokeDeviceKey';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'startHeldTrials' BEFORE 'watchIncidents';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'settleReferral' BEFORE 'revokeDeviceKey';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'startHeldTrials' BEFORE 'watchIncidents';
  CREATE TABLE "referrals" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"referrer_id" integer NOT NULL,
  	"friend_id" integer NOT NULL,
  	"status" "enum_referrals_status" DEFAULT 'pending' NOT NULL,
  	"refusal" "enum_referrals_refusal",
  	"friend_days" numeric,
  	"referrer_days" numeric,
  	"capped" boolean,
  	"friend_granted_days" numeric DEFAULT 0,
  	"referrer_granted_days" numeric DEFAULT 0,
  	"friend_subscription_id" integer,
  	"referrer_subscription_id" integer,
  	"payment" varchar,
  	"decided_at" timestamp(3) with time zone,
  	"revoked_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "users" ADD COLUMN "referral_code" varchar;
  -- Written by hand: the referral code a Telegram user's \`/start ref-CODE\` brought (src/lib/bot/referral.ts).
  ALTER TABLE "telegram_chats" ADD COLUMN "referral_code" varchar(16);
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "referrals_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "referral_days" numeric DEFAULT 7;
  ALTER TABLE "site_settings" ADD COLUMN "referral_monthly_cap" numeric DEFAULT 5;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_referral_days" numeric DEFAULT 7;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_referral_monthly_cap" numeric DEFAULT 5;
  ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "referrals" ADD CONSTRAINT "referrals_friend_id_users_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "referrals" ADD CONSTRAINT "referrals_friend_subscription_id_subscriptions_id_fk" FOREIGN KEY ("friend_subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_subscription_id_subscriptions_id_fk" FOREIGN KEY ("referrer_subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id");
  CREATE UNIQUE INDEX "referrals_friend_idx" ON "referrals" USING btree ("friend_id");
  CREATE INDEX "referrals_status_idx" ON "referrals" USING btree ("status");
  CREATE INDEX "referrals_friend_subscription_idx" ON "referrals" USING btree ("friend_subscription_id");
  CREATE INDEX "referrals_referrer_subscription_idx" ON "referrals" USING btree ("referrer_subscription_id");
  CREATE INDEX "referrals_payment_idx" ON "referrals" USING btree ("payment");
  CREATE INDEX "referrals_decided_at_idx" ON "referrals" USING btree ("decided_at");
  CREATE INDEX "referrals_updated_at_idx" ON "referrals" USING btree ("updated_at");
  CREATE INDEX "referrals_created_at_idx" ON "referrals" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_referrals_fk" FOREIGN KEY ("referrals_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "users_referral_code_idx" ON "users" USING btree ("referral_code");
  CREATE INDEX "payload_locked_documents_rels_referrals_id_idx" ON "payload_locked_documents_rels" USING btree ("referrals_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "referrals" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "referrals" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_referrals_fk";
  
  ALTER TABLE "subscription_events" ALTER COLUMN "type" SET DATA TYPE text;
  DROP TYPE "public"."enum_subscription_events_type";
  CREATE TYPE "public"."enum_subscription_events_type" AS ENUM('trial_started', 'activated', 'renewed', 'payment_failed', 'payment', 'refund', 'discount_applied', 'renewal_cancelled', 'renewal_resumed', 'cancelled', 'expired', 'extended_by_editor', 'trial_started_on_connect', 'cancelled_by_editor');
  ALTER TABLE "subscription_events" ALTER COLUMN "type" SET DATA TYPE "public"."enum_subscription_events_type" USING "type"::"public"."enum_subscription_events_type";
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'sendNotice', 'sendLinkEmail', 'purgeDeletedAccounts', 'forgetExpiredLimits', 'rotateFreeKeys', 'checkServerHealth', 'checkKeyConnections', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'endStarsSubscriptions', 'watchIncidents', 'noticeDeviceLimits', 'sendBroadcasts', 'notifyStaff', 'recordFigures', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'sendNotice', 'sendLinkEmail', 'purgeDeletedAccounts', 'forgetExpiredLimits', 'rotateFreeKeys', 'checkServerHealth', 'checkKeyConnections', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'endStarsSubscriptions', 'watchIncidents', 'noticeDeviceLimits', 'sendBroadcasts', 'notifyStaff', 'recordFigures', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "users_referral_code_idx";
  DROP INDEX "payload_locked_documents_rels_referrals_id_idx";
  ALTER TABLE "users" DROP COLUMN "referral_code";
  ALTER TABLE "telegram_chats" DROP COLUMN "referral_code";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "referrals_id";
  ALTER TABLE "site_settings" DROP COLUMN "referral_days";
  ALTER TABLE "site_settings" DROP COLUMN "referral_monthly_cap";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_referral_days";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_referral_monthly_cap";
  DROP TYPE "public"."enum_referrals_status";
  DROP TYPE "public"."enum_referrals_refusal";`)
}
