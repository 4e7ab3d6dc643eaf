import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'checkKeyConnections' BEFORE 'revokeVipKeys';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'checkKeyConnections' BEFORE 'revokeVipKeys';
  ALTER TABLE "servers" ADD COLUMN "health_keys_failing" boolean DEFAULT false;
  ALTER TABLE "keys" ADD COLUMN "liveness_checked_at" timestamp(3) with time zone;
  ALTER TABLE "keys" ADD COLUMN "liveness_ok" boolean;
  ALTER TABLE "keys" ADD COLUMN "liveness_latency_ms" numeric;
  ALTER TABLE "keys" ADD COLUMN "liveness_exit_country" varchar;
  ALTER TABLE "keys" ADD COLUMN "liveness_failures" numeric;
  ALTER TABLE "keys" ADD COLUMN "liveness_detail" varchar;
  CREATE INDEX "keys_liveness_liveness_failures_idx" ON "keys" USING btree ("liveness_failures");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'purgeDeletedAccounts', 'rotateFreeKeys', 'checkServerHealth', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'purgeDeletedAccounts', 'rotateFreeKeys', 'checkServerHealth', 'revokeVipKeys', 'revokeDeviceKey', 'chargeRenewals', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "keys_liveness_liveness_failures_idx";
  ALTER TABLE "servers" DROP COLUMN "health_keys_failing";
  ALTER TABLE "keys" DROP COLUMN "liveness_checked_at";
  ALTER TABLE "keys" DROP COLUMN "liveness_ok";
  ALTER TABLE "keys" DROP COLUMN "liveness_latency_ms";
  ALTER TABLE "keys" DROP COLUMN "liveness_exit_country";
  ALTER TABLE "keys" DROP COLUMN "liveness_failures";
  ALTER TABLE "keys" DROP COLUMN "liveness_detail";`)
}
