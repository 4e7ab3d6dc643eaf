import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  // Subscriptions are titled by the customer's current address (was "address · status", in English).
  await db.execute(sql`
   CREATE INDEX "subscriptions_title_idx" ON "subscriptions" USING btree ("title");
   UPDATE "subscriptions" s SET "title" = u."email" FROM "users" u WHERE s."user_id" = u."id";
   UPDATE "subscriptions" SET "title" = '#' || "id" WHERE "user_id" IS NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "subscriptions_title_idx";
   UPDATE "subscriptions" SET "title" = "title" || ' · ' || "status";`)
}
