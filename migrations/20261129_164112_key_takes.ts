import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Keys taken but unused (src/lib/probes/keyTakes.ts). key_takes_hours, outside Payload's collections: how many
// visitors copied or downloaded each free key, by hour (never who). key_use.watched_since: since when the panel's
// use of the key has been read without a gap. The lists' ranks make room for the suspect step (src/lib/probes/reach.ts):
// a key whose own check failed moves from 2x to 3x, blocked and down from 3x to 4x.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "keys" ADD COLUMN "reach_suspect_since" timestamp(3) with time zone;
  CREATE INDEX "keys_reach_reach_suspect_since_idx" ON "keys" USING btree ("reach_suspect_since");
  UPDATE "keys" SET "list_rank" = "list_rank" + 10 WHERE "list_rank" >= 20;
  CREATE TABLE "key_takes_hours" (
    "key_id" integer NOT NULL REFERENCES "keys"("id") ON DELETE CASCADE,
    "hour" timestamp(3) with time zone NOT NULL,
    "takes" integer NOT NULL,
    PRIMARY KEY ("key_id", "hour")
  );
  CREATE INDEX "key_takes_hours_hour_idx" ON "key_takes_hours" ("hour");
  ALTER TABLE "key_use" ADD COLUMN "watched_since" timestamp(3) with time zone;
  UPDATE "key_use" SET "watched_since" = "read_at";
  ALTER TABLE "key_use" ALTER COLUMN "watched_since" SET NOT NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "key_use" DROP COLUMN "watched_since";
  DROP TABLE "key_takes_hours";
  UPDATE "keys" SET "list_rank" = "list_rank" - 10 WHERE "list_rank" >= 30;
   DROP INDEX "keys_reach_reach_suspect_since_idx";
  ALTER TABLE "keys" DROP COLUMN "reach_suspect_since";`)
}
