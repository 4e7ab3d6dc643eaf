// Site settings for a fresh install: names, contacts and marketing figures.
export const seedSettings = {
  siteName: { ru: 'VPN ключи', en: 'VPN keys' },
  supportEmail: 'support@example.com',
  claimedKeys: 500,
  claimedCountries: 50,
  // Demo figures: editors replace them with their real review score (an empty score hides the block).
  rating: { score: 4.8, reviews: 1200 },
  cancelDiscountPercent: 30,
  trialBanner: {
    ru: 'Безлимитный трафик и до 10 устройств на одну подписку.',
    en: 'Unlimited traffic and up to 10 devices on one subscription.',
  },
}
