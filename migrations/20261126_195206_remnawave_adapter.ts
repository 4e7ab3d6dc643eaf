import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_servers_adapter" ADD VALUE 'remnawave' BEFORE 'demo';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "servers" ALTER COLUMN "adapter" SET DATA TYPE text;
  ALTER TABLE "servers" ALTER COLUMN "adapter" SET DEFAULT 'manual'::text;
  DROP TYPE "public"."enum_servers_adapter";
  CREATE TYPE "public"."enum_servers_adapter" AS ENUM('manual', 'outline', 'ss-manager', 'xray-panel', '3x-ui', 'wg-easy', 'softether', 'demo');
  ALTER TABLE "servers" ALTER COLUMN "adapter" SET DEFAULT 'manual'::"public"."enum_servers_adapter";
  ALTER TABLE "servers" ALTER COLUMN "adapter" SET DATA TYPE "public"."enum_servers_adapter" USING "adapter"::"public"."enum_servers_adapter";`)
}
