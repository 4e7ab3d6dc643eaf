import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The hourly job that deletes ended rate-limit windows (src/jobs/forgetExpiredLimits.ts).

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'forgetExpiredLimits' BEFORE 'rotateFreeKeys';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'forgetExpiredLimits' BEFORE 'rotateFreeKeys';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // Its queued runs and their log rows go with it.
  await db.execute(sql`
   DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'forgetExpiredLimits';
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'forgetExpiredLimits';
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'purgeDeletedAccounts', 'rotateFreeKeys', 'checkServerHealth', 'checkKeyConnections', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'purgeDeletedAccounts', 'rotateFreeKeys', 'checkServerHealth', 'checkKeyConnections', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";`)
}
