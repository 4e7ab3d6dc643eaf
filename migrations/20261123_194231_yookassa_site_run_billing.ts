import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_subscriptions_payment_method_kind" AS ENUM('card', 'sbp', 'sberpay', 'yoomoney');
  CREATE TYPE "public"."enum_charges_status" AS ENUM('pending', 'succeeded', 'canceled');
  CREATE TYPE "public"."enum_site_settings_receipts_vat_code" AS ENUM('1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12');
  CREATE TYPE "public"."enum_site_settings_receipts_tax_system_code" AS ENUM('1', '2', '3', '4', '5', '6');
  ALTER TYPE "public"."enum_subscription_events_type" ADD VALUE 'refund' BEFORE 'discount_applied';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'chargeRenewals';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'chargeRenewals';
  CREATE TABLE "charges" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"order" varchar,
  	"subscription_id" integer,
  	"payment_id" varchar,
  	"status" "enum_charges_status" DEFAULT 'pending' NOT NULL,
  	"amount_kopecks" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "subscriptions" ADD COLUMN "provider_payment_method_id" varchar;
  ALTER TABLE "subscriptions" ADD COLUMN "renewal_amount_kopecks" numeric;
  ALTER TABLE "subscriptions" ADD COLUMN "renewal_months" numeric;
  ALTER TABLE "subscriptions" ADD COLUMN "renewal_discount_percent" numeric;
  ALTER TABLE "subscriptions" ADD COLUMN "renewal_failed_charges" numeric DEFAULT 0;
  ALTER TABLE "subscriptions" ADD COLUMN "payment_method_kind" "enum_subscriptions_payment_method_kind";
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "charges_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "receipts_enabled" boolean DEFAULT false;
  ALTER TABLE "site_settings" ADD COLUMN "receipts_vat_code" "enum_site_settings_receipts_vat_code" DEFAULT '1' NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "receipts_tax_system_code" "enum_site_settings_receipts_tax_system_code";
  ALTER TABLE "charges" ADD CONSTRAINT "charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;
  CREATE UNIQUE INDEX "charges_key_idx" ON "charges" USING btree ("key");
  CREATE INDEX "charges_order_idx" ON "charges" USING btree ("order");
  CREATE INDEX "charges_subscription_idx" ON "charges" USING btree ("subscription_id");
  CREATE INDEX "charges_payment_id_idx" ON "charges" USING btree ("payment_id");
  CREATE INDEX "charges_updated_at_idx" ON "charges" USING btree ("updated_at");
  CREATE INDEX "charges_created_at_idx" ON "charges" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_charges_fk" FOREIGN KEY ("charges_id") REFERENCES "public"."charges"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_charges_id_idx" ON "payload_locked_documents_rels" USING btree ("charges_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "charges" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "charges" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_charges_fk";
  
  ALTER TABLE "subscription_events" ALTER COLUMN "type" SET DATA TYPE text;
  DROP TYPE "public"."enum_subscription_events_type";
  CREATE TYPE "public"."enum_subscription_events_type" AS ENUM('trial_started', 'activated', 'renewed', 'payment_failed', 'payment', 'discount_applied', 'renewal_cancelled', 'renewal_resumed', 'cancelled', 'expired', 'extended_by_editor', 'cancelled_by_editor');
  ALTER TABLE "subscription_events" ALTER COLUMN "type" SET DATA TYPE "public"."enum_subscription_events_type" USING "type"::"public"."enum_subscription_events_type";
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'purgeDeletedAccounts', 'rotateFreeKeys', 'checkServerHealth', 'revokeVipKeys');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'purgeDeletedAccounts', 'rotateFreeKeys', 'checkServerHealth', 'revokeVipKeys');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_charges_id_idx";
  ALTER TABLE "subscriptions" DROP COLUMN "provider_payment_method_id";
  ALTER TABLE "subscriptions" DROP COLUMN "renewal_amount_kopecks";
  ALTER TABLE "subscriptions" DROP COLUMN "renewal_months";
  ALTER TABLE "subscriptions" DROP COLUMN "renewal_discount_percent";
  ALTER TABLE "subscriptions" DROP COLUMN "renewal_failed_charges";
  ALTER TABLE "subscriptions" DROP COLUMN "payment_method_kind";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "charges_id";
  ALTER TABLE "site_settings" DROP COLUMN "receipts_enabled";
  ALTER TABLE "site_settings" DROP COLUMN "receipts_vat_code";
  ALTER TABLE "site_settings" DROP COLUMN "receipts_tax_system_code";
  DROP TYPE "public"."enum_subscriptions_payment_method_kind";
  DROP TYPE "public"."enum_charges_status";
  DROP TYPE "public"."enum_site_settings_receipts_vat_code";
  DROP TYPE "public"."enum_site_settings_receipts_tax_system_code";`)
}
