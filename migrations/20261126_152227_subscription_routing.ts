import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_site_settings_routing_mode" AS ENUM('russia', 'off', 'custom');
  CREATE TYPE "public"."enum__site_settings_v_version_routing_mode" AS ENUM('russia', 'off', 'custom');
  ALTER TABLE "site_settings" ADD COLUMN "routing_mode" "enum_site_settings_routing_mode" DEFAULT 'russia' NOT NULL;
  ALTER TABLE "site_settings" ADD COLUMN "routing_geoip_dat" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "routing_geosite_dat" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "routing_mihomo_domains" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "routing_mihomo_ip" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "routing_singbox_domains" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "routing_singbox_ip" varchar;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_routing_mode" "enum__site_settings_v_version_routing_mode" DEFAULT 'russia' NOT NULL;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_routing_geoip_dat" varchar;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_routing_geosite_dat" varchar;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_routing_mihomo_domains" varchar;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_routing_mihomo_ip" varchar;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_routing_singbox_domains" varchar;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_routing_singbox_ip" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings" DROP COLUMN "routing_mode";
  ALTER TABLE "site_settings" DROP COLUMN "routing_geoip_dat";
  ALTER TABLE "site_settings" DROP COLUMN "routing_geosite_dat";
  ALTER TABLE "site_settings" DROP COLUMN "routing_mihomo_domains";
  ALTER TABLE "site_settings" DROP COLUMN "routing_mihomo_ip";
  ALTER TABLE "site_settings" DROP COLUMN "routing_singbox_domains";
  ALTER TABLE "site_settings" DROP COLUMN "routing_singbox_ip";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_routing_mode";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_routing_geoip_dat";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_routing_geosite_dat";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_routing_mihomo_domains";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_routing_mihomo_ip";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_routing_singbox_domains";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_routing_singbox_ip";
  DROP TYPE "public"."enum_site_settings_routing_mode";
  DROP TYPE "public"."enum__site_settings_v_version_routing_mode";`)
}
