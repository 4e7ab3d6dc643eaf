import { sql } from '@payloadcms/db-postgres'
import type { MigrateUpArgs, MigrateDownArgs } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'recordFigures' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'recordFigures' BEFORE 'schedulePublish';`)
  // The dashboard's trends (src/lib/admin/trends.ts): a day's subscribers and free keys, and each server's hours.
  await db.execute(sql`
  CREATE TABLE "daily_figures" (
    "day" date PRIMARY KEY NOT NULL,
    "active" integer NOT NULL,
    "trialing" integer NOT NULL,
    "listed" jsonb NOT NULL,
    "failing" jsonb NOT NULL
  );
  CREATE TABLE "server_hours" (
    "server_id" integer NOT NULL REFERENCES "servers"("id") ON DELETE CASCADE,
    "hour" integer NOT NULL,
    "status" varchar NOT NULL,
    PRIMARY KEY ("server_id", "hour")
  );
  CREATE INDEX "server_hours_hour_idx" ON "server_hours" USING btree ("hour");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE "server_hours"; DROP TABLE "daily_figures";`)
  await db.execute(sql`
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'purgeDeletedAccounts', 'forgetExpiredLimits', 'rotateFreeKeys', 'checkServerHealth', 'checkKeyConnections', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'watchIncidents', 'notifyStaff', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'purgeDeletedAccounts', 'forgetExpiredLimits', 'rotateFreeKeys', 'checkServerHealth', 'checkKeyConnections', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'watchIncidents', 'notifyStaff', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";`)
}
