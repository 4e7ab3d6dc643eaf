import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_auth_tokens_locale" AS ENUM('ru', 'en');
  ALTER TABLE "auth_tokens" ADD COLUMN "locale" "enum_auth_tokens_locale" DEFAULT 'ru';
  ALTER TABLE "auth_tokens" ADD COLUMN "next" varchar;`)
  // Written by hand: the table rate-limiter-flexible keeps its counters in (its own schema), shared by all instances.
  await db.execute(sql`
   CREATE TABLE IF NOT EXISTS "rate_limits" (
    "key" varchar(255) PRIMARY KEY,
    "points" integer NOT NULL DEFAULT 0,
    "expire" bigint
  );`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "rate_limits";`)
  await db.execute(sql`
   ALTER TABLE "auth_tokens" DROP COLUMN "locale";
  ALTER TABLE "auth_tokens" DROP COLUMN "next";
  DROP TYPE "public"."enum_auth_tokens_locale";`)
}
