import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendLinkEmail' BEFORE 'purgeDeletedAccounts';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendLinkEmail' BEFORE 'purgeDeletedAccounts';
  ALTER TABLE "site_settings_locales" ADD COLUMN "speed_claim" varchar;
  ALTER TABLE "_site_settings_v_locales" ADD COLUMN "version_speed_claim" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // The value goes with what holds it: link mails still queued are lost with the task.
  await db.execute(sql`
   DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'sendLinkEmail';
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'sendLinkEmail';
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'purgeDeletedAccounts', 'forgetExpiredLimits', 'rotateFreeKeys', 'checkServerHealth', 'checkKeyConnections', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'watchIncidents', 'notifyStaff', 'recordFigures', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'purgeDeletedAccounts', 'forgetExpiredLimits', 'rotateFreeKeys', 'checkServerHealth', 'checkKeyConnections', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'watchIncidents', 'notifyStaff', 'recordFigures', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  ALTER TABLE "site_settings_locales" DROP COLUMN "speed_claim";
  ALTER TABLE "_site_settings_v_locales" DROP COLUMN "version_speed_claim";`)
}
