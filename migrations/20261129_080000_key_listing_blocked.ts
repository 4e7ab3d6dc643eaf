import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The listing table's trigger (20261125_001834_key_listing_without_waits) with one more rule of the keys' read
// access: a key the probes found blocked where the visitors are (reach_state, src/lib/probes/reach.ts) is not listed.
// "Listed" is still the keys' read rule without the clock (src/lib/keys/visibility.ts; tests/int/keyListing.test.ts).
// No key has a verdict before this migration, so the counts stand; going down counts blocked keys again.
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
      WHERE "tier" = 'free' AND "revoked_at" IS NULL AND "server_down" IS NOT TRUE AND coalesce("liveness_failures", 0) < 2 AND "reach_state" IS DISTINCT FROM 'blocked'
      GROUP BY 1, 2, 3
      ORDER BY 1, 2, 3
      ON CONFLICT ("country_id", "protocol", "expires_at") DO UPDATE SET "keys" = listing."keys" + excluded."keys";
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO "key_listing" AS listing ("country_id", "protocol", "expires_at", "keys")
      SELECT coalesce("country_id", 0), "protocol", coalesce("expires_at", 'infinity'), -count(*)
      FROM old_keys
      WHERE "tier" = 'free' AND "revoked_at" IS NULL AND "server_down" IS NOT TRUE AND coalesce("liveness_failures", 0) < 2 AND "reach_state" IS DISTINCT FROM 'blocked'
      GROUP BY 1, 2, 3
      ORDER BY 1, 2, 3
      ON CONFLICT ("country_id", "protocol", "expires_at") DO UPDATE SET "keys" = listing."keys" + excluded."keys";
    ELSE
      INSERT INTO "key_listing" AS listing ("country_id", "protocol", "expires_at", "keys")
      SELECT country_id, protocol, expires_at, sum(change)
      FROM (
        SELECT coalesce("country_id", 0) AS country_id, "protocol", coalesce("expires_at", 'infinity') AS expires_at, -1 AS change
        FROM old_keys
        WHERE "tier" = 'free' AND "revoked_at" IS NULL AND "server_down" IS NOT TRUE AND coalesce("liveness_failures", 0) < 2 AND "reach_state" IS DISTINCT FROM 'blocked'
        UNION ALL
        SELECT coalesce("country_id", 0), "protocol", coalesce("expires_at", 'infinity'), 1
        FROM new_keys
        WHERE "tier" = 'free' AND "revoked_at" IS NULL AND "server_down" IS NOT TRUE AND coalesce("liveness_failures", 0) < 2 AND "reach_state" IS DISTINCT FROM 'blocked'
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

  await db.execute(sql`
  DELETE FROM "key_listing";
  INSERT INTO "key_listing" ("country_id", "protocol", "expires_at", "keys")
  SELECT coalesce("country_id", 0), "protocol", coalesce("expires_at", 'infinity'), count(*)
  FROM "keys"
  WHERE "tier" = 'free' AND "revoked_at" IS NULL AND "server_down" IS NOT TRUE AND coalesce("liveness_failures", 0) < 2
    AND ("expires_at" IS NULL OR "expires_at" > now() - interval '1 day')
  GROUP BY 1, 2, 3;`)
}
