import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_auth_tokens_purpose" ADD VALUE 'telegram-link';
  ALTER TABLE "users" ADD COLUMN "telegram_id" varchar;
  ALTER TABLE "users" ADD COLUMN "telegram_username" varchar;
  CREATE UNIQUE INDEX "users_telegram_id_idx" ON "users" USING btree ("telegram_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "auth_tokens" WHERE "purpose" = 'telegram-link';
  ALTER TABLE "auth_tokens" ALTER COLUMN "purpose" SET DATA TYPE text;
  DROP TYPE "public"."enum_auth_tokens_purpose";
  CREATE TYPE "public"."enum_auth_tokens_purpose" AS ENUM('register', 'login', 'change-email', 'activation', 'purchase');
  ALTER TABLE "auth_tokens" ALTER COLUMN "purpose" SET DATA TYPE "public"."enum_auth_tokens_purpose" USING "purpose"::"public"."enum_auth_tokens_purpose";
  DROP INDEX "users_telegram_id_idx";
  ALTER TABLE "users" DROP COLUMN "telegram_id";
  ALTER TABLE "users" DROP COLUMN "telegram_username";`)
}
