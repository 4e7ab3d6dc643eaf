import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'endStarsSubscriptions' BEFORE 'watchIncidents';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'endStarsSubscriptions' BEFORE 'watchIncidents';
  ALTER TABLE "tariffs" ADD COLUMN "stars_price" numeric;
  ALTER TABLE "_tariffs_v" ADD COLUMN "version_stars_price" numeric;
  ALTER TABLE "subscriptions" ADD COLUMN "renewal_stars" numeric;
  ALTER TABLE "subscription_events" ADD COLUMN "amount_stars" numeric;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'endStarsSubscriptions';
  DELETE FROM "payload_jobs" WHERE "task_slug" = 'endStarsSubscriptions';
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'sendNotice', 'sendLinkEmail', 'purgeDeletedAccounts', 'forgetExpiredLimits', 'rotateFreeKeys', 'checkServerHealth', 'checkKeyConnections', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'watchIncidents', 'noticeDeviceLimits', 'notifyStaff', 'recordFigures', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'sendNotice', 'sendLinkEmail', 'purgeDeletedAccounts', 'forgetExpiredLimits', 'rotateFreeKeys', 'checkServerHealth', 'checkKeyConnections', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'watchIncidents', 'noticeDeviceLimits', 'notifyStaff', 'recordFigures', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  ALTER TABLE "tariffs" DROP COLUMN "stars_price";
  ALTER TABLE "_tariffs_v" DROP COLUMN "version_stars_price";
  ALTER TABLE "subscriptions" DROP COLUMN "renewal_stars";
  ALTER TABLE "subscription_events" DROP COLUMN "amount_stars";`)
}
