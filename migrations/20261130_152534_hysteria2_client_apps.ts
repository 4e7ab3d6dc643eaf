import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The client apps that open Hysteria 2 (issue 51): every app that imports the site's share links today does in its
// 2026 versions (Happ, Hiddify, v2rayNG, v2RayTun, Streisand, v2rayN, Clash Verge Rev, Clash Meta, sing-box, Karing,
// FlClashX, vpn4tv): each app that lists VLESS gets Hysteria 2 after its other protocols, unless an editor already
// gave it. Apps an editor made for one protocol (Outline, WireGuard, OpenVPN, SSTP) are left as they are.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    INSERT INTO "client_apps_protocols" ("order", "parent_id", "value")
    SELECT (SELECT coalesce(max(p."order"), 0) + 1 FROM "client_apps_protocols" p WHERE p."parent_id" = v."parent_id"), v."parent_id", 'hysteria2'
    FROM "client_apps_protocols" v
    WHERE v."value" = 'vless'
      AND NOT EXISTS (SELECT 1 FROM "client_apps_protocols" h WHERE h."parent_id" = v."parent_id" AND h."value" = 'hysteria2')`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DELETE FROM "client_apps_protocols" WHERE "value" = 'hysteria2'`)
}
