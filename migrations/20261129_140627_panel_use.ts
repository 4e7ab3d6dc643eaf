import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// What the panels say of the keys' use (src/lib/probes/panelUse.ts), outside Payload's collections: no API of
// Payload's reads them. key_use: each key's last traffic reading and when it was last seen in use. key_use_hours:
// the networks a key was used from, by hour: a client's address is kept as nothing but its country, network and hour,
// and forgotten with the probes' roll-ups after eight days.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "key_use" (
    "key_id" integer PRIMARY KEY REFERENCES "keys"("id") ON DELETE CASCADE,
    "bytes" bigint,
    "read_at" timestamp(3) with time zone NOT NULL,
    "used_at" timestamp(3) with time zone
  );
  CREATE TABLE "key_use_hours" (
    "key_id" integer NOT NULL REFERENCES "keys"("id") ON DELETE CASCADE,
    "country" varchar(2) NOT NULL,
    "network" varchar(60) NOT NULL,
    "hour" timestamp(3) with time zone NOT NULL,
    PRIMARY KEY ("key_id", "country", "network", "hour")
  );
  CREATE INDEX "key_use_hours_hour_idx" ON "key_use_hours" ("hour");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE "key_use_hours"; DROP TABLE "key_use";`)
}
