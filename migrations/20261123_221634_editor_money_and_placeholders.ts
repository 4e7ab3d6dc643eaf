import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The banner texts the demo seeded named the trial's figures, which now come from the plans.
const OLD_BANNERS = {
  ru: ['10 дней VIP за 1 ₽ — безлимитный трафик и до 10 устройств', 'Безлимитный трафик и до 10 устройств на одну подписку.'],
  en: ['10 days of VIP for 1 ₽ — unlimited traffic and up to 10 devices', 'Unlimited traffic and up to 10 devices on one subscription.'],
}

export async function up({ db }: MigrateUpArgs): Promise<void> {
  // The provider price id was never used: prices are sent with each checkout.
  await db.execute(sql`ALTER TABLE "tariffs" DROP COLUMN "provider_price_id";`)
  // Page texts say {supportEmail} where the seed typed the address: it now follows the site settings.
  await db.execute(sql`
    UPDATE "pages_locales" SET "content" = replace("content"::text, s."support_email", '{supportEmail}')::jsonb
      FROM "site_settings" s WHERE s."support_email" <> '' AND "content"::text LIKE '%' || s."support_email" || '%';
    UPDATE "_pages_v_locales" SET "version_content" = replace("version_content"::text, s."support_email", '{supportEmail}')::jsonb
      FROM "site_settings" s WHERE s."support_email" <> '' AND "version_content"::text LIKE '%' || s."support_email" || '%';`)
  for (const [locale, [before, after]] of Object.entries(OLD_BANNERS)) {
    await db.execute(sql`UPDATE "site_settings_locales" SET "trial_banner_text" = ${after} WHERE "_locale" = ${locale} AND "trial_banner_text" = ${before};`)
  }
  // Plan cards now list their features, under the trial the plans themselves state: the seeded trial feature goes.
  await db.execute(sql`DELETE FROM "tariffs_features" WHERE "text" IN ('10 дней за 1 ₽', '10 days for 1 ₽');`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "tariffs" ADD COLUMN "provider_price_id" varchar;`)
  await db.execute(sql`
    UPDATE "pages_locales" SET "content" = replace("content"::text, '{supportEmail}', s."support_email")::jsonb FROM "site_settings" s;
    UPDATE "_pages_v_locales" SET "version_content" = replace("version_content"::text, '{supportEmail}', s."support_email")::jsonb FROM "site_settings" s;`)
  for (const [locale, [before, after]] of Object.entries(OLD_BANNERS)) {
    await db.execute(sql`UPDATE "site_settings_locales" SET "trial_banner_text" = ${before} WHERE "_locale" = ${locale} AND "trial_banner_text" = ${after};`)
  }
}
