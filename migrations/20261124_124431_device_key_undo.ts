import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'revokeDeviceKey' BEFORE 'chargeRenewals';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'revokeDeviceKey' BEFORE 'chargeRenewals';
  ALTER TABLE "keys" ADD COLUMN "revoke_on_server_after" timestamp(3) with time zone;
  CREATE INDEX "keys_revoke_on_server_after_idx" ON "keys" USING btree ("revoke_on_server_after");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'purgeDeletedAccounts', 'rotateFreeKeys', 'checkServerHealth', 'revokeVipKeys', 'chargeRenewals', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'purgeDeletedAccounts', 'rotateFreeKeys', 'checkServerHealth', 'revokeVipKeys', 'chargeRenewals', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "keys_revoke_on_server_after_idx";
  ALTER TABLE "keys" DROP COLUMN "revoke_on_server_after";`)
}
