import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Edited by hand: a device belongs to its user, so it goes with them (generated: ON DELETE set null, which the
// NOT NULL column would refuse, so deleting a user with devices would fail).
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "devices" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"hwid" varchar NOT NULL,
  	"model" varchar,
  	"os" varchar,
  	"os_version" varchar,
  	"user_agent" varchar,
  	"last_seen_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "tariffs" ADD COLUMN "device_limit" numeric DEFAULT 10 NOT NULL;
  ALTER TABLE "_tariffs_v" ADD COLUMN "version_device_limit" numeric DEFAULT 10 NOT NULL;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "devices_id" integer;
  ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "devices_user_idx" ON "devices" USING btree ("user_id");
  CREATE INDEX "devices_last_seen_at_idx" ON "devices" USING btree ("last_seen_at");
  CREATE INDEX "devices_updated_at_idx" ON "devices" USING btree ("updated_at");
  CREATE INDEX "devices_created_at_idx" ON "devices" USING btree ("created_at");
  CREATE UNIQUE INDEX "user_hwid_idx" ON "devices" USING btree ("user_id","hwid");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_devices_fk" FOREIGN KEY ("devices_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_devices_id_idx" ON "payload_locked_documents_rels" USING btree ("devices_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "devices" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "devices" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_devices_fk";
  
  DROP INDEX "payload_locked_documents_rels_devices_id_idx";
  ALTER TABLE "tariffs" DROP COLUMN "device_limit";
  ALTER TABLE "_tariffs_v" DROP COLUMN "version_device_limit";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "devices_id";`)
}
