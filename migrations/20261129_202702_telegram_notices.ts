import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendNotice' BEFORE 'sendLinkEmail';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendNotice' BEFORE 'sendLinkEmail';
  ALTER TABLE "users" ADD COLUMN "telegram_notices" boolean DEFAULT true;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'sendNotice';
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'sendNotice';
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'sendLinkEmail', 'purgeDeletedAccounts', 'forgetExpiredLimits', 'rotateFreeKeys', 'checkServerHealth', 'checkKeyConnections', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'watchIncidents', 'notifyStaff', 'recordFigures', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'sendLinkEmail', 'purgeDeletedAccounts', 'forgetExpiredLimits', 'rotateFreeKeys', 'checkServerHealth', 'checkKeyConnections', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'watchIncidents', 'notifyStaff', 'recordFigures', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  ALTER TABLE "users" DROP COLUMN "telegram_notices";`)
}
