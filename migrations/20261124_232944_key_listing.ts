import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// What the public pages count, kept by the database as keys change: how many listed free keys each country and
// protocol has per expiry moment (keys of one rotation or import share it). A page counts the rows whose moment
// is still ahead, so its cost follows the countries, protocols and batches, never the number of keys
// (src/lib/data/keyListing.ts). "Listed" is the visitors' read rule without the clock
// (currentFreeKeysWhere, now in src/lib/keys/visibility.ts, with HIDE_KEY_AFTER_FAILED_CHECKS = 2); tests/int/keyListing.test.ts
// holds the two to the same answer. Statement triggers with transition tables: a bulk insert is one update.
//
// The partial indexes walk the public lists in their order (listRank, longest-lasting, freshest), so a list page
// reads the rows it shows and stops, whatever the table holds.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "key_listing" (
    "country_id" integer NOT NULL,
    "protocol" "enum_keys_protocol" NOT NULL,
    "expires_at" timestamp(3) with time zone NOT NULL,
    "keys" integer NOT NULL,
    PRIMARY KEY ("country_id", "protocol", "expires_at")
  );

  CREATE FUNCTION "key_listing_change"() RETURNS trigger LANGUAGE plpgsql AS $body$
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
    -- Empty moments and past ones go: a past moment is never counted, and taking keys from a row that is gone
    -- changes nothing.
    DELETE FROM "key_listing" WHERE "keys" <= 0 OR "expires_at" <= now();
    RETURN NULL;
  END
  $body$;

  CREATE TRIGGER "key_listing_insert" AFTER INSERT ON "keys" REFERENCING NEW TABLE AS new_keys
    FOR EACH STATEMENT EXECUTE FUNCTION "key_listing_change"();
  CREATE TRIGGER "key_listing_update" AFTER UPDATE ON "keys" REFERENCING OLD TABLE AS old_keys NEW TABLE AS new_keys
    FOR EACH STATEMENT EXECUTE FUNCTION "key_listing_change"();
  CREATE TRIGGER "key_listing_delete" AFTER DELETE ON "keys" REFERENCING OLD TABLE AS old_keys
    FOR EACH STATEMENT EXECUTE FUNCTION "key_listing_change"();
  CREATE TRIGGER "key_listing_truncate" AFTER TRUNCATE ON "keys"
    FOR EACH STATEMENT EXECUTE FUNCTION "key_listing_change"();

  INSERT INTO "key_listing" ("country_id", "protocol", "expires_at", "keys")
  SELECT coalesce("country_id", 0), "protocol", coalesce("expires_at", 'infinity'), count(*)
  FROM "keys"
  WHERE "tier" = 'free' AND "revoked_at" IS NULL AND "server_down" IS NOT TRUE AND coalesce("liveness_failures", 0) < 2
    AND ("expires_at" IS NULL OR "expires_at" > now())
  GROUP BY 1, 2, 3;

  CREATE INDEX "keys_listed_order_idx" ON "keys" ("list_rank", "expires_at" DESC, "created_at" DESC, "id" DESC)
    WHERE "tier" = 'free' AND "revoked_at" IS NULL;
  CREATE INDEX "keys_listed_protocol_order_idx" ON "keys" ("protocol", "list_rank", "expires_at" DESC, "created_at" DESC, "id" DESC)
    WHERE "tier" = 'free' AND "revoked_at" IS NULL;
  CREATE INDEX "keys_listed_country_order_idx" ON "keys" ("country_id", "list_rank", "expires_at" DESC, "created_at" DESC, "id" DESC)
    WHERE "tier" = 'free' AND "revoked_at" IS NULL;
  CREATE INDEX "keys_listed_country_protocol_order_idx" ON "keys" ("country_id", "protocol", "list_rank", "expires_at" DESC, "created_at" DESC, "id" DESC)
    WHERE "tier" = 'free' AND "revoked_at" IS NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX "keys_listed_country_protocol_order_idx";
  DROP INDEX "keys_listed_country_order_idx";
  DROP INDEX "keys_listed_protocol_order_idx";
  DROP INDEX "keys_listed_order_idx";
  DROP TRIGGER "key_listing_truncate" ON "keys";
  DROP TRIGGER "key_listing_delete" ON "keys";
  DROP TRIGGER "key_listing_update" ON "keys";
  DROP TRIGGER "key_listing_insert" ON "keys";
  DROP FUNCTION "key_listing_change"();
  DROP TABLE "key_listing";`)
}
