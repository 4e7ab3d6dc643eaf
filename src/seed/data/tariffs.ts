// The four VIP plans: prices in kopecks, each with the 10-day trial for 1 ruble, and in Telegram Stars for the bot
// (about the ruble price at ~1.3 ₽ a Star after Telegram's share).
type SeedTariff = {
  months: '1' | '3' | '6' | '12'
  priceKopecks: number
  starsPrice: number
  order: number
  name: { ru: string; en: string }
}

export const TRIAL_DAYS = 10
export const TRIAL_FEE_KOPECKS = 100

export const seedTariffs: SeedTariff[] = [
  { months: '1', priceKopecks: 29_900, starsPrice: 230, order: 1, name: { ru: '1 месяц', en: '1 month' } },
  { months: '3', priceKopecks: 79_900, starsPrice: 610, order: 2, name: { ru: '3 месяца', en: '3 months' } },
  { months: '6', priceKopecks: 149_000, starsPrice: 1150, order: 3, name: { ru: '6 месяцев', en: '6 months' } },
  { months: '12', priceKopecks: 269_000, starsPrice: 2070, order: 4, name: { ru: '12 месяцев', en: '12 months' } },
]

export const tariffFeatures = {
  ru: ['Безлимитный трафик', 'До 10 устройств', 'Скорость до 100 Мбит/с', '50+ стран'],
  en: ['Unlimited traffic', 'Up to 10 devices', 'Speed up to 100 Mbit/s', '50+ countries'],
}
