import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The listing table's trigger (20261124_232944_key_listing) without waits between writers of keys:
// - one upsert per statement of what changed, in the rows' order: an update that leaves a key's moment and its
//   being listed as they were (the checks write every key all day) touches no row, and rows are locked in one order;
// - only rows this statement emptied are deleted (a committed row never holds 0, so no other writer's row matches);
// - past moments are pruned a day late and never wait for a row another writer holds (readers skip them anyway).
// "Listed" is still the keys' read rule without the clock, HIDE_KEY_AFTER_FAILED_CHECKS = 2 (src/lib/keys/visibility.ts; tests/int/keyListing.test.ts).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE OR REPLACE FUNCTION "key_listing_change"() RETURNS trigger LANGUAGE plpgsql AS $body$
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      DELETE FROM "key_listing";
      RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' THEN
      INSERT INTO "key_listing" AS listing ("country_id", "protocol", "expires_at", "keys")
      SELECT coalesce("country_id", 0), "protocol", coalesce("expires_at", 'infinity'), count(*)
      FROM new_keys
      WHERE "tier" = 'free' AND "revoked_at" IS NULL AND "server_down" IS NOT TRUE AND coalesce("liveness_failures", 0) < 2
      GROUP BY 1, 2, 3
      ORDER BY 1, 2, 3
      ON CONFLICT ("country_id", "protocol", "expires_at") DO UPDATE SET "keys" = listing."keys" + excluded."keys";
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO "key_listing" AS listing ("country_id", "protocol", "expires_at", "keys")
      SELECT coalesce("country_id", 0), "protocol", coalesce("expires_at", 'infinity'), -count(*)
      FROM old_keys
      WHERE "tier" = 'free' AND "revoked_at" IS NULL AND "server_down" IS NOT TRUE AND coalesce("liveness_failures", 0) < 2
      GROUP BY 1, 2, 3
      ORDER BY 1, 2, 3
      ON CONFLICT ("country_id", "protocol", "expires_at") DO UPDATE SET "keys" = listing."keys" + excluded."keys";
    ELSE
      INSERT INTO "key_listing" AS listing ("country_id", "protocol", "expires_at", "keys")
      SELECT country_id, protocol, expires_at, sum(change)
      FROM (
        SELECT coalesce("country_id", 0) AS country_id, "protocol", coalesce("expires_at", 'infinity') AS expires_at, -1 AS change
        FROM old_keys
        WHERE "tier" = 'free' AND "revoked_at" IS NULL AND "server_down" IS NOT TRUE AND coalesce("liveness_failures", 0) < 2
        UNION ALL
        SELECT coalesce("country_id", 0), "protocol", coalesce("expires_at", 'infinity'), 1
        FROM new_keys
        WHERE "tier" = 'free' AND "revoked_at" IS NULL AND "server_down" IS NOT TRUE AND coalesce("liveness_failures", 0) < 2
      ) AS changes
      GROUP BY 1, 2, 3
      HAVING sum(change) <> 0
      ORDER BY 1, 2, 3
      ON CONFLICT ("country_id", "protocol", "expires_at") DO UPDATE SET "keys" = listing."keys" + excluded."keys";
    END IF;
    -- Emptied here (taking keys from a pruned moment leaves a row below zero, emptied as well).
    DELETE FROM "key_listing" WHERE "keys" <= 0;
    DELETE FROM "key_listing" WHERE ctid = ANY (ARRAY(
      SELECT ctid FROM "key_listing" WHERE "expires_at" < now() - interval '1 day' FOR UPDATE SKIP LOCKED
    ));
    RETURN NULL;
  END
  $body$;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  CREATE OR REPLACE FUNCTION "key_listing_change"() RETURNS trigger LANGUAGE plpgsql AS $body$
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      DELETE FROM "key_listing";
      RETURN NULL;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      UPDATE "key_listing" AS listing SET "keys" = listing."keys" - gone.n
      FROM (
        SELECT coalesce("country_id", 0) AS country_id, "protocol", coalesce("expires_at", 'infinity') AS expires_at, count(*) AS n
        FROM old_keys
        WHERE "tier" = 'free' AND "revoked_at" IS NULL AND "server_down" IS NOT TRUE AND coalesce("liveness_failures", 0) < 2
        GROUP BY 1, 2, 3
      ) AS gone
      WHERE listing."country_id" = gone.country_id AND listing."protocol" = gone."protocol" AND listing."expires_at" = gone.expires_at;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO "key_listing" AS listing ("country_id", "protocol", "expires_at", "keys")
      SELECT coalesce("country_id", 0), "protocol", coalesce("expires_at", 'infinity'), count(*)
      FROM new_keys
      WHERE "tier" = 'free' AND "revoked_at" IS NULL AND "server_down" IS NOT TRUE AND coalesce("liveness_failures", 0) < 2
      GROUP BY 1, 2, 3
      ORDER BY 1, 2, 3
      ON CONFLICT ("country_id", "protocol", "expires_at") DO UPDATE SET "keys" = listing."keys" + excluded."keys";
    END IF;
    DELETE FROM "key_listing" WHERE "keys" <= 0 OR "expires_at" <= now();
    RETURN NULL;
  END
  $body$;`)
}
