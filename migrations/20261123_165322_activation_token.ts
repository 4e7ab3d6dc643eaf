import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_auth_tokens_purpose" ADD VALUE 'activation';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "auth_tokens" ALTER COLUMN "purpose" SET DATA TYPE text;
  DROP TYPE "public"."enum_auth_tokens_purpose";
  CREATE TYPE "public"."enum_auth_tokens_purpose" AS ENUM('register', 'login', 'change-email');
  ALTER TABLE "auth_tokens" ALTER COLUMN "purpose" SET DATA TYPE "public"."enum_auth_tokens_purpose" USING "purpose"::"public"."enum_auth_tokens_purpose";`)
}
