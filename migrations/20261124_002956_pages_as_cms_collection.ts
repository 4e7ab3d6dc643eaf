import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_pages_footer" AS ENUM('none', 'navigation', 'documents');
  CREATE TYPE "public"."enum__pages_v_version_footer" AS ENUM('none', 'navigation', 'documents');
  ALTER TABLE "pages" ALTER COLUMN "slug" SET DATA TYPE varchar;
  ALTER TABLE "_pages_v" ALTER COLUMN "version_slug" SET DATA TYPE varchar;
  ALTER TABLE "pages" ADD COLUMN "footer" "enum_pages_footer" DEFAULT 'none';
  ALTER TABLE "pages" ADD COLUMN "footer_order" numeric DEFAULT 0;
  ALTER TABLE "pages_locales" ADD COLUMN "seo_title" varchar;
  ALTER TABLE "pages_locales" ADD COLUMN "seo_description" varchar;
  ALTER TABLE "_pages_v" ADD COLUMN "version_footer" "enum__pages_v_version_footer" DEFAULT 'none';
  ALTER TABLE "_pages_v" ADD COLUMN "version_footer_order" numeric DEFAULT 0;
  ALTER TABLE "_pages_v_locales" ADD COLUMN "version_seo_title" varchar;
  ALTER TABLE "_pages_v_locales" ADD COLUMN "version_seo_description" varchar;
  DROP TYPE "public"."enum_pages_slug";
  DROP TYPE "public"."enum__pages_v_version_slug";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_pages_slug" AS ENUM('privacy', 'user-agreement', 'support');
  CREATE TYPE "public"."enum__pages_v_version_slug" AS ENUM('privacy', 'user-agreement', 'support');
  ALTER TABLE "pages" ALTER COLUMN "slug" SET DATA TYPE "public"."enum_pages_slug" USING "slug"::"public"."enum_pages_slug";
  ALTER TABLE "_pages_v" ALTER COLUMN "version_slug" SET DATA TYPE "public"."enum__pages_v_version_slug" USING "version_slug"::"public"."enum__pages_v_version_slug";
  ALTER TABLE "pages" DROP COLUMN "footer";
  ALTER TABLE "pages" DROP COLUMN "footer_order";
  ALTER TABLE "pages_locales" DROP COLUMN "seo_title";
  ALTER TABLE "pages_locales" DROP COLUMN "seo_description";
  ALTER TABLE "_pages_v" DROP COLUMN "version_footer";
  ALTER TABLE "_pages_v" DROP COLUMN "version_footer_order";
  ALTER TABLE "_pages_v_locales" DROP COLUMN "version_seo_title";
  ALTER TABLE "_pages_v_locales" DROP COLUMN "version_seo_description";
  DROP TYPE "public"."enum_pages_footer";
  DROP TYPE "public"."enum__pages_v_version_footer";`)
}
