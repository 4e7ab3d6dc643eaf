import { sql } from '@payloadcms/db-postgres'
import type { MigrateUpArgs, MigrateDownArgs } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_incidents_kind" AS ENUM('serverDown', 'listEmpty', 'rotationFailed', 'keysFailing', 'renewalsFailing', 'mailFailing', 'providerRefusing');
  CREATE TYPE "public"."enum_site_settings_alerts_muted" AS ENUM('serverDown', 'listEmpty', 'rotationFailed', 'keysFailing', 'renewalsFailing', 'mailFailing', 'providerRefusing');
  CREATE TYPE "public"."enum_site_settings_alerts_telegram_language" AS ENUM('ru', 'en');
  CREATE TYPE "public"."enum__site_settings_v_version_alerts_muted" AS ENUM('serverDown', 'listEmpty', 'rotationFailed', 'keysFailing', 'renewalsFailing', 'mailFailing', 'providerRefusing');
  CREATE TYPE "public"."enum__site_settings_v_version_alerts_telegram_language" AS ENUM('ru', 'en');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'watchIncidents' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'notifyStaff' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'watchIncidents' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'notifyStaff' BEFORE 'schedulePublish';
  CREATE TABLE "incidents" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"kind" "enum_incidents_kind" NOT NULL,
  	"params" jsonb NOT NULL,
  	"started_at" timestamp(3) with time zone NOT NULL,
  	"announced_at" timestamp(3) with time zone,
  	"clear_since" timestamp(3) with time zone,
  	"ended_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "site_settings_alerts_muted" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_site_settings_alerts_muted",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "_site_settings_v_version_alerts_muted" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum__site_settings_v_version_alerts_muted",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  ALTER TABLE "users" ADD COLUMN "staff_alerts" boolean DEFAULT false;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "incidents_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "alerts_telegram_language" "enum_site_settings_alerts_telegram_language" DEFAULT 'ru';
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_alerts_telegram_language" "enum__site_settings_v_version_alerts_telegram_language" DEFAULT 'ru';
  ALTER TABLE "site_settings_alerts_muted" ADD CONSTRAINT "site_settings_alerts_muted_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_site_settings_v_version_alerts_muted" ADD CONSTRAINT "_site_settings_v_version_alerts_muted_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_site_settings_v"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "incidents_key_idx" ON "incidents" USING btree ("key");
  CREATE INDEX "incidents_started_at_idx" ON "incidents" USING btree ("started_at");
  CREATE INDEX "incidents_ended_at_idx" ON "incidents" USING btree ("ended_at");
  CREATE INDEX "incidents_updated_at_idx" ON "incidents" USING btree ("updated_at");
  CREATE INDEX "incidents_created_at_idx" ON "incidents" USING btree ("created_at");
  CREATE INDEX "site_settings_alerts_muted_order_idx" ON "site_settings_alerts_muted" USING btree ("order");
  CREATE INDEX "site_settings_alerts_muted_parent_idx" ON "site_settings_alerts_muted" USING btree ("parent_id");
  CREATE INDEX "_site_settings_v_version_alerts_muted_order_idx" ON "_site_settings_v_version_alerts_muted" USING btree ("order");
  CREATE INDEX "_site_settings_v_version_alerts_muted_parent_idx" ON "_site_settings_v_version_alerts_muted" USING btree ("parent_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_incidents_fk" FOREIGN KEY ("incidents_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_incidents_id_idx" ON "payload_locked_documents_rels" USING btree ("incidents_id");`)
  // One open incident per problem, whichever instance records it (src/lib/alerts/watch.ts).
  await db.execute(sql`CREATE UNIQUE INDEX "incidents_open_key" ON "incidents" USING btree ("key") WHERE "ended_at" IS NULL;`)
  // Failures in a row of calls the site makes, counted across instances (src/lib/alerts/signals.ts).
  await db.execute(sql`
  CREATE TABLE "alert_signals" (
    "name" varchar PRIMARY KEY NOT NULL,
    "failures" integer NOT NULL DEFAULT 0,
    "last_error" varchar,
    "last_failure_at" timestamp(3) with time zone,
    "last_ok_at" timestamp(3) with time zone
  );`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE "alert_signals";`)
  await db.execute(sql`
   ALTER TABLE "incidents" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "site_settings_alerts_muted" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_site_settings_v_version_alerts_muted" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "incidents" CASCADE;
  DROP TABLE "site_settings_alerts_muted" CASCADE;
  DROP TABLE "_site_settings_v_version_alerts_muted" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_incidents_fk";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'purgeDeletedAccounts', 'forgetExpiredLimits', 'rotateFreeKeys', 'checkServerHealth', 'checkKeyConnections', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'purgeDeletedAccounts', 'forgetExpiredLimits', 'rotateFreeKeys', 'checkServerHealth', 'checkKeyConnections', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_incidents_id_idx";
  ALTER TABLE "users" DROP COLUMN "staff_alerts";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "incidents_id";
  ALTER TABLE "site_settings" DROP COLUMN "alerts_telegram_language";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_alerts_telegram_language";
  DROP TYPE "public"."enum_incidents_kind";
  DROP TYPE "public"."enum_site_settings_alerts_muted";
  DROP TYPE "public"."enum_site_settings_alerts_telegram_language";
  DROP TYPE "public"."enum__site_settings_v_version_alerts_muted";
  DROP TYPE "public"."enum__site_settings_v_version_alerts_telegram_language";`)
}
