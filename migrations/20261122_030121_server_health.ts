import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'checkServerHealth';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'checkServerHealth';
  ALTER TABLE "servers" ADD COLUMN "credentials_key_data_limit_gb" numeric;
  ALTER TABLE "servers" ADD COLUMN "health_failures" numeric DEFAULT 0;
  ALTER TABLE "servers" ADD COLUMN "health_detail" varchar;
  ALTER TABLE "keys" ADD COLUMN "server_down" boolean DEFAULT false;
  CREATE INDEX "keys_server_down_idx" ON "keys" USING btree ("server_down");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'purgeDeletedAccounts', 'rotateFreeKeys');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'purgeDeletedAccounts', 'rotateFreeKeys');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "keys_server_down_idx";
  ALTER TABLE "servers" DROP COLUMN "credentials_key_data_limit_gb";
  ALTER TABLE "servers" DROP COLUMN "health_failures";
  ALTER TABLE "servers" DROP COLUMN "health_detail";
  ALTER TABLE "keys" DROP COLUMN "server_down";`)
}
