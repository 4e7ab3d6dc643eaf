import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'rotateFreeKeys';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'rotateFreeKeys';
  ALTER TABLE "servers" ADD COLUMN "credentials_method" varchar;
  ALTER TABLE "servers" ADD COLUMN "credentials_port_range" varchar;
  ALTER TABLE "servers" ADD COLUMN "health_last_rotation_at" timestamp(3) with time zone;
  ALTER TABLE "servers" ADD COLUMN "health_last_rotation_error" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "rotation_time" varchar DEFAULT '04:00';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'purgeDeletedAccounts');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'purgeDeletedAccounts');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  ALTER TABLE "servers" DROP COLUMN "credentials_method";
  ALTER TABLE "servers" DROP COLUMN "credentials_port_range";
  ALTER TABLE "servers" DROP COLUMN "health_last_rotation_at";
  ALTER TABLE "servers" DROP COLUMN "health_last_rotation_error";
  ALTER TABLE "site_settings" DROP COLUMN "rotation_time";`)
}
