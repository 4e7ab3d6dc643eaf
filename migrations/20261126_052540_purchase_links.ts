import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Purchase links (api/billing/checkout): a buyer not signed in as the address confirms it before any checkout opens.

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_auth_tokens_purpose" ADD VALUE 'purchase';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // Unused purchase links die with the value (they live 15 minutes).
  await db.execute(sql`
   DELETE FROM "auth_tokens" WHERE "purpose" = 'purchase';
  ALTER TABLE "auth_tokens" ALTER COLUMN "purpose" SET DATA TYPE text;
  DROP TYPE "public"."enum_auth_tokens_purpose";
  CREATE TYPE "public"."enum_auth_tokens_purpose" AS ENUM('register', 'login', 'change-email', 'activation');
  ALTER TABLE "auth_tokens" ALTER COLUMN "purpose" SET DATA TYPE "public"."enum_auth_tokens_purpose" USING "purpose"::"public"."enum_auth_tokens_purpose";`)
}
