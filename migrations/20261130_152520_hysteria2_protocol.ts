import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Hysteria 2 (issue 51): a protocol VIP servers may offer and subscribers' keys may be (never a free list's:
// src/lib/keys/types.ts, LISTED_PROTOCOLS), and one client apps may open. Going back removes what used it.

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_servers_protocols_protocol" ADD VALUE 'hysteria2';
  ALTER TYPE "public"."enum_keys_protocol" ADD VALUE 'hysteria2';
  ALTER TYPE "public"."enum_client_apps_protocols" ADD VALUE 'hysteria2';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "servers_protocols" WHERE "protocol" = 'hysteria2';
  DELETE FROM "keys" WHERE "protocol" = 'hysteria2';
  DELETE FROM "client_apps_protocols" WHERE "value" = 'hysteria2';
   ALTER TABLE "servers_protocols" ALTER COLUMN "protocol" SET DATA TYPE text;
  DROP TYPE "public"."enum_servers_protocols_protocol";
  CREATE TYPE "public"."enum_servers_protocols_protocol" AS ENUM('vless', 'outline', 'trojan', 'wireguard', 'openvpn', 'sstp');
  ALTER TABLE "servers_protocols" ALTER COLUMN "protocol" SET DATA TYPE "public"."enum_servers_protocols_protocol" USING "protocol"::"public"."enum_servers_protocols_protocol";
  ALTER TABLE "keys" ALTER COLUMN "protocol" SET DATA TYPE text;
  DROP TYPE "public"."enum_keys_protocol";
  CREATE TYPE "public"."enum_keys_protocol" AS ENUM('vless', 'outline', 'trojan', 'wireguard', 'openvpn', 'sstp');
  ALTER TABLE "keys" ALTER COLUMN "protocol" SET DATA TYPE "public"."enum_keys_protocol" USING "protocol"::"public"."enum_keys_protocol";
  ALTER TABLE "client_apps_protocols" ALTER COLUMN "value" SET DATA TYPE text;
  DROP TYPE "public"."enum_client_apps_protocols";
  CREATE TYPE "public"."enum_client_apps_protocols" AS ENUM('vless', 'outline', 'trojan', 'wireguard', 'openvpn', 'sstp');
  ALTER TABLE "client_apps_protocols" ALTER COLUMN "value" SET DATA TYPE "public"."enum_client_apps_protocols" USING "value"::"public"."enum_client_apps_protocols";`)
}
