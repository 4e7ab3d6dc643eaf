import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_keys_reach_state" AS ENUM('works', 'blocked', 'down', 'untested');
  CREATE TABLE "probes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"country" varchar DEFAULT 'ru' NOT NULL,
  	"network" varchar NOT NULL,
  	"token_hash" varchar,
  	"token_issued_at" timestamp(3) with time zone,
  	"revoked_at" timestamp(3) with time zone,
  	"last_seen_at" timestamp(3) with time zone,
  	"demo" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "keys" ADD COLUMN "reach_state" "enum_keys_reach_state";
  ALTER TABLE "keys" ADD COLUMN "reach_country" varchar;
  ALTER TABLE "keys" ADD COLUMN "reach_works_on" varchar;
  ALTER TABLE "keys" ADD COLUMN "reach_blocked_on" varchar;
  ALTER TABLE "keys" ADD COLUMN "reach_checked_at" timestamp(3) with time zone;
  ALTER TABLE "keys" ADD COLUMN "reach_uptime_week" numeric;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "probes_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "audience_country" varchar DEFAULT 'ru' NOT NULL;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_audience_country" varchar DEFAULT 'ru' NOT NULL;
  CREATE INDEX "probes_country_idx" ON "probes" USING btree ("country");
  CREATE INDEX "probes_token_hash_idx" ON "probes" USING btree ("token_hash");
  CREATE INDEX "probes_revoked_at_idx" ON "probes" USING btree ("revoked_at");
  CREATE INDEX "probes_last_seen_at_idx" ON "probes" USING btree ("last_seen_at");
  CREATE INDEX "probes_updated_at_idx" ON "probes" USING btree ("updated_at");
  CREATE INDEX "probes_created_at_idx" ON "probes" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_probes_fk" FOREIGN KEY ("probes_id") REFERENCES "public"."probes"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "keys_reach_reach_state_idx" ON "keys" USING btree ("reach_state");
  CREATE INDEX "payload_locked_documents_rels_probes_id_idx" ON "payload_locked_documents_rels" USING btree ("probes_id");`)

  // The probes' rounds (src/lib/probes/rounds.ts), outside Payload's collections: no API of Payload's reads them.
  // probe_checks: when each key is due from each country, and which probe it is lent to until when.
  // probe_results: each probe's latest result per key. probe_hours and probe_network_hours: hourly roll-ups per key
  // and per network and protocol (for uptime and /status), forgotten after eight days.
  await db.execute(sql`
  CREATE TABLE "probe_checks" (
    "key_id" integer NOT NULL REFERENCES "keys"("id") ON DELETE CASCADE,
    "country" varchar(2) NOT NULL,
    "due_at" timestamp(3) with time zone NOT NULL,
    "probe_id" integer REFERENCES "probes"("id") ON DELETE SET NULL,
    "leased_until" timestamp(3) with time zone,
    PRIMARY KEY ("country", "key_id")
  );
  CREATE INDEX "probe_checks_due_idx" ON "probe_checks" ("country", "due_at");
  CREATE INDEX "probe_checks_probe_idx" ON "probe_checks" ("probe_id") WHERE "probe_id" IS NOT NULL;
  CREATE TABLE "probe_results" (
    "key_id" integer NOT NULL REFERENCES "keys"("id") ON DELETE CASCADE,
    "probe_id" integer NOT NULL REFERENCES "probes"("id") ON DELETE CASCADE,
    "country" varchar(2) NOT NULL,
    "network" varchar(60) NOT NULL,
    "checked_at" timestamp(3) with time zone NOT NULL,
    "ok" boolean NOT NULL,
    "stage" varchar(16),
    "latency_ms" integer,
    "detail" varchar(200),
    "failures" integer NOT NULL DEFAULT 0,
    "last_ok_at" timestamp(3) with time zone,
    PRIMARY KEY ("key_id", "probe_id")
  );
  CREATE INDEX "probe_results_country_idx" ON "probe_results" ("country", "checked_at");
  CREATE TABLE "probe_hours" (
    "key_id" integer NOT NULL REFERENCES "keys"("id") ON DELETE CASCADE,
    "country" varchar(2) NOT NULL,
    "network" varchar(60) NOT NULL,
    "hour" timestamp(3) with time zone NOT NULL,
    "checks" integer NOT NULL,
    "passed" integer NOT NULL,
    PRIMARY KEY ("key_id", "country", "network", "hour")
  );
  CREATE INDEX "probe_hours_hour_idx" ON "probe_hours" ("hour");
  CREATE TABLE "probe_network_hours" (
    "country" varchar(2) NOT NULL,
    "network" varchar(60) NOT NULL,
    "protocol" varchar(16) NOT NULL,
    "hour" timestamp(3) with time zone NOT NULL,
    "checks" integer NOT NULL,
    "passed" integer NOT NULL,
    PRIMARY KEY ("country", "network", "protocol", "hour")
  );
  CREATE INDEX "probe_network_hours_hour_idx" ON "probe_network_hours" ("hour");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE "probe_network_hours"; DROP TABLE "probe_hours"; DROP TABLE "probe_results"; DROP TABLE "probe_checks";`)
  await db.execute(sql`
   ALTER TABLE "probes" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "probes" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_probes_fk";
  
  DROP INDEX "keys_reach_reach_state_idx";
  DROP INDEX "payload_locked_documents_rels_probes_id_idx";
  ALTER TABLE "keys" DROP COLUMN "reach_state";
  ALTER TABLE "keys" DROP COLUMN "reach_country";
  ALTER TABLE "keys" DROP COLUMN "reach_works_on";
  ALTER TABLE "keys" DROP COLUMN "reach_blocked_on";
  ALTER TABLE "keys" DROP COLUMN "reach_checked_at";
  ALTER TABLE "keys" DROP COLUMN "reach_uptime_week";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "probes_id";
  ALTER TABLE "site_settings" DROP COLUMN "audience_country";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_audience_country";
  DROP TYPE "public"."enum_keys_reach_state";`)
}
