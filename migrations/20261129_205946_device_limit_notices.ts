import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The job that tells subscribers a new device was refused (src/jobs/noticeDeviceLimits.ts), and the days it was, one
// row per subscriber and day, outside Payload's collections (src/lib/feeds/devices.ts, src/lib/vip/deviceLimitNotices.ts).

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'noticeDeviceLimits' BEFORE 'notifyStaff';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'noticeDeviceLimits' BEFORE 'notifyStaff';
  CREATE TABLE "device_limit_reached" (
    "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
    "day" date NOT NULL,
    "noticed_at" timestamp(3) with time zone,
    PRIMARY KEY ("user_id", "day")
  );
  CREATE INDEX "device_limit_reached_pending_idx" ON "device_limit_reached" ("day") WHERE "noticed_at" IS NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "device_limit_reached";
  DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'noticeDeviceLimits';
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'noticeDeviceLimits';
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'sendNotice', 'sendLinkEmail', 'purgeDeletedAccounts', 'forgetExpiredLimits', 'rotateFreeKeys', 'checkServerHealth', 'checkKeyConnections', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'watchIncidents', 'notifyStaff', 'recordFigures', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'sendNotice', 'sendLinkEmail', 'purgeDeletedAccounts', 'forgetExpiredLimits', 'rotateFreeKeys', 'checkServerHealth', 'checkKeyConnections', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'watchIncidents', 'notifyStaff', 'recordFigures', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";`)
}
