import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_gifts_status" AS ENUM('pending', 'paid', 'redeemed', 'void');
  CREATE TYPE "public"."enum_gifts_locale" AS ENUM('ru', 'en');
  ALTER TYPE "public"."enum_subscription_events_type" ADD VALUE 'gift_redeemed';
  CREATE TABLE "gifts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" varchar,
  	"status" "enum_gifts_status" DEFAULT 'pending' NOT NULL,
  	"tariff_id" integer NOT NULL,
  	"months" numeric NOT NULL,
  	"amount_kopecks" numeric NOT NULL,
  	"buyer_id" integer,
  	"buyer_email" varchar NOT NULL,
  	"locale" "enum_gifts_locale" DEFAULT 'ru',
  	"provider_name" varchar,
  	"provider_order" varchar,
  	"provider_payment" varchar,
  	"paid_at" timestamp(3) with time zone,
  	"redeemed_by_id" integer,
  	"redeemed_at" timestamp(3) with time zone,
  	"subscription_id" integer,
  	"voided_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "gifts_id" integer;
  ALTER TABLE "gifts" ADD CONSTRAINT "gifts_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "gifts" ADD CONSTRAINT "gifts_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "gifts" ADD CONSTRAINT "gifts_redeemed_by_id_users_id_fk" FOREIGN KEY ("redeemed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "gifts" ADD CONSTRAINT "gifts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;
  CREATE UNIQUE INDEX "gifts_code_idx" ON "gifts" USING btree ("code");
  CREATE INDEX "gifts_status_idx" ON "gifts" USING btree ("status");
  CREATE INDEX "gifts_tariff_idx" ON "gifts" USING btree ("tariff_id");
  CREATE INDEX "gifts_buyer_idx" ON "gifts" USING btree ("buyer_id");
  CREATE UNIQUE INDEX "gifts_provider_provider_order_idx" ON "gifts" USING btree ("provider_order");
  CREATE INDEX "gifts_provider_provider_payment_idx" ON "gifts" USING btree ("provider_payment");
  CREATE INDEX "gifts_redeemed_by_idx" ON "gifts" USING btree ("redeemed_by_id");
  CREATE INDEX "gifts_subscription_idx" ON "gifts" USING btree ("subscription_id");
  CREATE INDEX "gifts_updated_at_idx" ON "gifts" USING btree ("updated_at");
  CREATE INDEX "gifts_created_at_idx" ON "gifts" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_gifts_fk" FOREIGN KEY ("gifts_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_gifts_id_idx" ON "payload_locked_documents_rels" USING btree ("gifts_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "gifts" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "gifts" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_gifts_fk";
  
  ALTER TABLE "subscription_events" ALTER COLUMN "type" SET DATA TYPE text;
  DROP TYPE "public"."enum_subscription_events_type";
  CREATE TYPE "public"."enum_subscription_events_type" AS ENUM('trial_started', 'activated', 'renewed', 'payment_failed', 'payment', 'refund', 'discount_applied', 'renewal_cancelled', 'renewal_resumed', 'cancelled', 'expired', 'extended_by_editor', 'trial_started_on_connect', 'cancelled_by_editor', 'referral_reward', 'referral_taken_back');
  ALTER TABLE "subscription_events" ALTER COLUMN "type" SET DATA TYPE "public"."enum_subscription_events_type" USING "type"::"public"."enum_subscription_events_type";
  DROP INDEX "payload_locked_documents_rels_gifts_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "gifts_id";
  DROP TYPE "public"."enum_gifts_status";
  DROP TYPE "public"."enum_gifts_locale";`)
}
