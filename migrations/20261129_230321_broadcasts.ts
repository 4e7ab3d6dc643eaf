import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_broadcasts_language" AS ENUM('ru', 'en');
  CREATE TYPE "public"."enum_broadcasts_status" AS ENUM('draft', 'sending', 'done', 'cancelled');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendBroadcasts' BEFORE 'notifyStaff';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendBroadcasts' BEFORE 'notifyStaff';
  CREATE TABLE "broadcasts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"language" "enum_broadcasts_language" DEFAULT 'ru' NOT NULL,
  	"status" "enum_broadcasts_status" DEFAULT 'draft' NOT NULL,
  	"text" varchar NOT NULL,
  	"report_recipients" numeric DEFAULT 0,
  	"report_sent" numeric DEFAULT 0,
  	"report_blocked" numeric DEFAULT 0,
  	"report_failed" numeric DEFAULT 0,
  	"started_at" timestamp(3) with time zone,
  	"finished_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "broadcasts_id" integer;
  CREATE INDEX "broadcasts_status_idx" ON "broadcasts" USING btree ("status");
  CREATE INDEX "broadcasts_updated_at_idx" ON "broadcasts" USING btree ("updated_at");
  CREATE INDEX "broadcasts_created_at_idx" ON "broadcasts" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_broadcasts_fk" FOREIGN KEY ("broadcasts_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_broadcasts_id_idx" ON "payload_locked_documents_rels" USING btree ("broadcasts_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'sendBroadcasts';
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'sendBroadcasts';
   ALTER TABLE "broadcasts" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "broadcasts" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_broadcasts_fk";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'sendNotice', 'sendLinkEmail', 'purgeDeletedAccounts', 'forgetExpiredLimits', 'rotateFreeKeys', 'checkServerHealth', 'checkKeyConnections', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'endStarsSubscriptions', 'watchIncidents', 'noticeDeviceLimits', 'notifyStaff', 'recordFigures', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'sendNotice', 'sendLinkEmail', 'purgeDeletedAccounts', 'forgetExpiredLimits', 'rotateFreeKeys', 'checkServerHealth', 'checkKeyConnections', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'endStarsSubscriptions', 'watchIncidents', 'noticeDeviceLimits', 'notifyStaff', 'recordFigures', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_broadcasts_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "broadcasts_id";
  DROP TYPE "public"."enum_broadcasts_language";
  DROP TYPE "public"."enum_broadcasts_status";`)
}
