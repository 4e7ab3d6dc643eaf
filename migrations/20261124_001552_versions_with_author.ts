import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum__tariffs_v_version_months" AS ENUM('1', '3', '6', '12');
  CREATE TYPE "public"."enum__site_settings_v_version_client_apps_protocol" AS ENUM('vless', 'outline', 'trojan', 'wireguard', 'openvpn', 'sstp');
  CREATE TYPE "public"."enum__site_settings_v_version_client_apps_platform" AS ENUM('ios', 'android', 'macos', 'windows');
  CREATE TYPE "public"."enum__site_settings_v_version_receipts_vat_code" AS ENUM('1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12');
  CREATE TYPE "public"."enum__site_settings_v_version_receipts_tax_system_code" AS ENUM('1', '2', '3', '4', '5', '6');
  CREATE TABLE "_tariffs_v_version_features" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"text" varchar NOT NULL,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_tariffs_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_months" "enum__tariffs_v_version_months" NOT NULL,
  	"version_price_kopecks" numeric NOT NULL,
  	"version_trial_days" numeric DEFAULT 10 NOT NULL,
  	"version_trial_fee_kopecks" numeric DEFAULT 100 NOT NULL,
  	"version_order" numeric DEFAULT 0,
  	"version_active" boolean DEFAULT true,
  	"version_edited_by_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_tariffs_v_locales" (
  	"version_name" varchar NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "_site_settings_v_version_client_apps" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"protocol" "enum__site_settings_v_version_client_apps_protocol" NOT NULL,
  	"platform" "enum__site_settings_v_version_client_apps_platform" NOT NULL,
  	"name" varchar NOT NULL,
  	"url" varchar NOT NULL,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_site_settings_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"version_support_email" varchar NOT NULL,
  	"version_claimed_keys" numeric DEFAULT 500,
  	"version_claimed_countries" numeric DEFAULT 50,
  	"version_rating_score" numeric,
  	"version_rating_reviews" numeric,
  	"version_rotation_time" varchar DEFAULT '04:00',
  	"version_cancel_discount_percent" numeric DEFAULT 30,
  	"version_trial_banner_enabled" boolean DEFAULT true,
  	"version_receipts_enabled" boolean DEFAULT false,
  	"version_receipts_vat_code" "enum__site_settings_v_version_receipts_vat_code" DEFAULT '1' NOT NULL,
  	"version_receipts_tax_system_code" "enum__site_settings_v_version_receipts_tax_system_code",
  	"version_edited_by_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_site_settings_v_locales" (
  	"version_site_name" varchar NOT NULL,
  	"version_trial_banner_text" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  ALTER TABLE "tariffs" ADD COLUMN "edited_by_id" integer;
  ALTER TABLE "pages" ADD COLUMN "edited_by_id" integer;
  ALTER TABLE "_pages_v" ADD COLUMN "version_edited_by_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "edited_by_id" integer;
  ALTER TABLE "_tariffs_v_version_features" ADD CONSTRAINT "_tariffs_v_version_features_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_tariffs_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_tariffs_v" ADD CONSTRAINT "_tariffs_v_parent_id_tariffs_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."tariffs"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_tariffs_v" ADD CONSTRAINT "_tariffs_v_version_edited_by_id_users_id_fk" FOREIGN KEY ("version_edited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_tariffs_v_locales" ADD CONSTRAINT "_tariffs_v_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_tariffs_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_site_settings_v_version_client_apps" ADD CONSTRAINT "_site_settings_v_version_client_apps_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_site_settings_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_site_settings_v" ADD CONSTRAINT "_site_settings_v_version_edited_by_id_users_id_fk" FOREIGN KEY ("version_edited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_site_settings_v_locales" ADD CONSTRAINT "_site_settings_v_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_site_settings_v"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "_tariffs_v_version_features_order_idx" ON "_tariffs_v_version_features" USING btree ("_order");
  CREATE INDEX "_tariffs_v_version_features_parent_id_idx" ON "_tariffs_v_version_features" USING btree ("_parent_id");
  CREATE INDEX "_tariffs_v_version_features_locale_idx" ON "_tariffs_v_version_features" USING btree ("_locale");
  CREATE INDEX "_tariffs_v_parent_idx" ON "_tariffs_v" USING btree ("parent_id");
  CREATE INDEX "_tariffs_v_version_version_months_idx" ON "_tariffs_v" USING btree ("version_months");
  CREATE INDEX "_tariffs_v_version_version_active_idx" ON "_tariffs_v" USING btree ("version_active");
  CREATE INDEX "_tariffs_v_version_version_edited_by_idx" ON "_tariffs_v" USING btree ("version_edited_by_id");
  CREATE INDEX "_tariffs_v_version_version_updated_at_idx" ON "_tariffs_v" USING btree ("version_updated_at");
  CREATE INDEX "_tariffs_v_version_version_created_at_idx" ON "_tariffs_v" USING btree ("version_created_at");
  CREATE INDEX "_tariffs_v_created_at_idx" ON "_tariffs_v" USING btree ("created_at");
  CREATE INDEX "_tariffs_v_updated_at_idx" ON "_tariffs_v" USING btree ("updated_at");
  CREATE UNIQUE INDEX "_tariffs_v_locales_locale_parent_id_unique" ON "_tariffs_v_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "_site_settings_v_version_client_apps_order_idx" ON "_site_settings_v_version_client_apps" USING btree ("_order");
  CREATE INDEX "_site_settings_v_version_client_apps_parent_id_idx" ON "_site_settings_v_version_client_apps" USING btree ("_parent_id");
  CREATE INDEX "_site_settings_v_version_version_edited_by_idx" ON "_site_settings_v" USING btree ("version_edited_by_id");
  CREATE INDEX "_site_settings_v_created_at_idx" ON "_site_settings_v" USING btree ("created_at");
  CREATE INDEX "_site_settings_v_updated_at_idx" ON "_site_settings_v" USING btree ("updated_at");
  CREATE UNIQUE INDEX "_site_settings_v_locales_locale_parent_id_unique" ON "_site_settings_v_locales" USING btree ("_locale","_parent_id");
  ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_edited_by_id_users_id_fk" FOREIGN KEY ("edited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "pages" ADD CONSTRAINT "pages_edited_by_id_users_id_fk" FOREIGN KEY ("edited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_pages_v" ADD CONSTRAINT "_pages_v_version_edited_by_id_users_id_fk" FOREIGN KEY ("version_edited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_edited_by_id_users_id_fk" FOREIGN KEY ("edited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "tariffs_edited_by_idx" ON "tariffs" USING btree ("edited_by_id");
  CREATE INDEX "pages_edited_by_idx" ON "pages" USING btree ("edited_by_id");
  CREATE INDEX "_pages_v_version_version_edited_by_idx" ON "_pages_v" USING btree ("version_edited_by_id");
  CREATE INDEX "site_settings_edited_by_idx" ON "site_settings" USING btree ("edited_by_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "_tariffs_v_version_features" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_tariffs_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_tariffs_v_locales" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_site_settings_v_version_client_apps" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_site_settings_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_site_settings_v_locales" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "_tariffs_v_version_features" CASCADE;
  DROP TABLE "_tariffs_v" CASCADE;
  DROP TABLE "_tariffs_v_locales" CASCADE;
  DROP TABLE "_site_settings_v_version_client_apps" CASCADE;
  DROP TABLE "_site_settings_v" CASCADE;
  DROP TABLE "_site_settings_v_locales" CASCADE;
  ALTER TABLE "tariffs" DROP CONSTRAINT "tariffs_edited_by_id_users_id_fk";
  
  ALTER TABLE "pages" DROP CONSTRAINT "pages_edited_by_id_users_id_fk";
  
  ALTER TABLE "_pages_v" DROP CONSTRAINT "_pages_v_version_edited_by_id_users_id_fk";
  
  ALTER TABLE "site_settings" DROP CONSTRAINT "site_settings_edited_by_id_users_id_fk";
  
  DROP INDEX "tariffs_edited_by_idx";
  DROP INDEX "pages_edited_by_idx";
  DROP INDEX "_pages_v_version_version_edited_by_idx";
  DROP INDEX "site_settings_edited_by_idx";
  ALTER TABLE "tariffs" DROP COLUMN "edited_by_id";
  ALTER TABLE "pages" DROP COLUMN "edited_by_id";
  ALTER TABLE "_pages_v" DROP COLUMN "version_edited_by_id";
  ALTER TABLE "site_settings" DROP COLUMN "edited_by_id";
  DROP TYPE "public"."enum__tariffs_v_version_months";
  DROP TYPE "public"."enum__site_settings_v_version_client_apps_protocol";
  DROP TYPE "public"."enum__site_settings_v_version_client_apps_platform";
  DROP TYPE "public"."enum__site_settings_v_version_receipts_vat_code";
  DROP TYPE "public"."enum__site_settings_v_version_receipts_tax_system_code";`)
}
