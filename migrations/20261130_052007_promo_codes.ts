import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_promo_codes_kind" AS ENUM('percent', 'amount', 'days', 'trial');
  CREATE TYPE "public"."enum__promo_codes_v_version_kind" AS ENUM('percent', 'amount', 'days', 'trial');
  CREATE TABLE "promo_codes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" varchar NOT NULL,
  	"kind" "enum_promo_codes_kind" DEFAULT 'percent' NOT NULL,
  	"percent_off" numeric,
  	"amount_off_kopecks" numeric,
  	"extra_days" numeric,
  	"trial_days" numeric,
  	"starts_at" timestamp(3) with time zone,
  	"ends_at" timestamp(3) with time zone,
  	"max_uses" numeric,
  	"max_uses_per_buyer" numeric DEFAULT 1,
  	"first_purchase_only" boolean DEFAULT false,
  	"active" boolean DEFAULT true,
  	"note" varchar,
  	"edited_by_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "promo_codes_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"tariffs_id" integer
  );
  
  CREATE TABLE "_promo_codes_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_code" varchar NOT NULL,
  	"version_kind" "enum__promo_codes_v_version_kind" DEFAULT 'percent' NOT NULL,
  	"version_percent_off" numeric,
  	"version_amount_off_kopecks" numeric,
  	"version_extra_days" numeric,
  	"version_trial_days" numeric,
  	"version_starts_at" timestamp(3) with time zone,
  	"version_ends_at" timestamp(3) with time zone,
  	"version_max_uses" numeric,
  	"version_max_uses_per_buyer" numeric DEFAULT 1,
  	"version_first_purchase_only" boolean DEFAULT false,
  	"version_active" boolean DEFAULT true,
  	"version_note" varchar,
  	"version_edited_by_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_promo_codes_v_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"tariffs_id" integer
  );
  
  ALTER TABLE "subscriptions" ADD COLUMN "promo_code_id" integer;
  ALTER TABLE "subscriptions" ADD COLUMN "promo_discount_kopecks" numeric;
  ALTER TABLE "subscriptions" ADD COLUMN "promo_extra_days" numeric;
  ALTER TABLE "subscriptions" ADD COLUMN "promo_trial_days" numeric;
  ALTER TABLE "subscription_events" ADD COLUMN "promo_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "promo_codes_id" integer;
  ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_edited_by_id_users_id_fk" FOREIGN KEY ("edited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "promo_codes_rels" ADD CONSTRAINT "promo_codes_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "promo_codes_rels" ADD CONSTRAINT "promo_codes_rels_tariffs_fk" FOREIGN KEY ("tariffs_id") REFERENCES "public"."tariffs"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_promo_codes_v" ADD CONSTRAINT "_promo_codes_v_parent_id_promo_codes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_promo_codes_v" ADD CONSTRAINT "_promo_codes_v_version_edited_by_id_users_id_fk" FOREIGN KEY ("version_edited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_promo_codes_v_rels" ADD CONSTRAINT "_promo_codes_v_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_promo_codes_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_promo_codes_v_rels" ADD CONSTRAINT "_promo_codes_v_rels_tariffs_fk" FOREIGN KEY ("tariffs_id") REFERENCES "public"."tariffs"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "promo_codes_code_idx" ON "promo_codes" USING btree ("code");
  CREATE INDEX "promo_codes_active_idx" ON "promo_codes" USING btree ("active");
  CREATE INDEX "promo_codes_edited_by_idx" ON "promo_codes" USING btree ("edited_by_id");
  CREATE INDEX "promo_codes_updated_at_idx" ON "promo_codes" USING btree ("updated_at");
  CREATE INDEX "promo_codes_created_at_idx" ON "promo_codes" USING btree ("created_at");
  CREATE INDEX "promo_codes_rels_order_idx" ON "promo_codes_rels" USING btree ("order");
  CREATE INDEX "promo_codes_rels_parent_idx" ON "promo_codes_rels" USING btree ("parent_id");
  CREATE INDEX "promo_codes_rels_path_idx" ON "promo_codes_rels" USING btree ("path");
  CREATE INDEX "promo_codes_rels_tariffs_id_idx" ON "promo_codes_rels" USING btree ("tariffs_id");
  CREATE INDEX "_promo_codes_v_parent_idx" ON "_promo_codes_v" USING btree ("parent_id");
  CREATE INDEX "_promo_codes_v_version_version_code_idx" ON "_promo_codes_v" USING btree ("version_code");
  CREATE INDEX "_promo_codes_v_version_version_active_idx" ON "_promo_codes_v" USING btree ("version_active");
  CREATE INDEX "_promo_codes_v_version_version_edited_by_idx" ON "_promo_codes_v" USING btree ("version_edited_by_id");
  CREATE INDEX "_promo_codes_v_version_version_updated_at_idx" ON "_promo_codes_v" USING btree ("version_updated_at");
  CREATE INDEX "_promo_codes_v_version_version_created_at_idx" ON "_promo_codes_v" USING btree ("version_created_at");
  CREATE INDEX "_promo_codes_v_created_at_idx" ON "_promo_codes_v" USING btree ("created_at");
  CREATE INDEX "_promo_codes_v_updated_at_idx" ON "_promo_codes_v" USING btree ("updated_at");
  CREATE INDEX "_promo_codes_v_rels_order_idx" ON "_promo_codes_v_rels" USING btree ("order");
  CREATE INDEX "_promo_codes_v_rels_parent_idx" ON "_promo_codes_v_rels" USING btree ("parent_id");
  CREATE INDEX "_promo_codes_v_rels_path_idx" ON "_promo_codes_v_rels" USING btree ("path");
  CREATE INDEX "_promo_codes_v_rels_tariffs_id_idx" ON "_promo_codes_v_rels" USING btree ("tariffs_id");
  ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_promo_id_promo_codes_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_promo_codes_fk" FOREIGN KEY ("promo_codes_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "subscriptions_promo_promo_code_idx" ON "subscriptions" USING btree ("promo_code_id");
  CREATE INDEX "subscription_events_promo_idx" ON "subscription_events" USING btree ("promo_id");
  CREATE INDEX "payload_locked_documents_rels_promo_codes_id_idx" ON "payload_locked_documents_rels" USING btree ("promo_codes_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "promo_codes" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "promo_codes_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_promo_codes_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_promo_codes_v_rels" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "promo_codes" CASCADE;
  DROP TABLE "promo_codes_rels" CASCADE;
  DROP TABLE "_promo_codes_v" CASCADE;
  DROP TABLE "_promo_codes_v_rels" CASCADE;
  ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_promo_code_id_promo_codes_id_fk";
  
  ALTER TABLE "subscription_events" DROP CONSTRAINT "subscription_events_promo_id_promo_codes_id_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_promo_codes_fk";
  
  DROP INDEX "subscriptions_promo_promo_code_idx";
  DROP INDEX "subscription_events_promo_idx";
  DROP INDEX "payload_locked_documents_rels_promo_codes_id_idx";
  ALTER TABLE "subscriptions" DROP COLUMN "promo_code_id";
  ALTER TABLE "subscriptions" DROP COLUMN "promo_discount_kopecks";
  ALTER TABLE "subscriptions" DROP COLUMN "promo_extra_days";
  ALTER TABLE "subscriptions" DROP COLUMN "promo_trial_days";
  ALTER TABLE "subscription_events" DROP COLUMN "promo_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "promo_codes_id";
  DROP TYPE "public"."enum_promo_codes_kind";
  DROP TYPE "public"."enum__promo_codes_v_version_kind";`)
}
