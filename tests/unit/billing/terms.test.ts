// What a buyer is told wherever money is promised: today's amount, then the renewal's amount, date and period.
import { describe, expect, it } from 'vitest'

import { renderBillingMail } from '@/lib/mail/billingTemplates'
import { billingDate, purchaseTerms, termsText, trialItemName } from '@/lib/billing/rules/terms'

const MONTHLY = { priceKopecks: 29_900, months: 1, trialDays: 10, trialFeeKopecks: 100 }
const NOW = new Date('2026-11-26T09:00:00Z')
/** Spaces as Intl writes them in amounts (a no-break space in Russian) read as plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('purchase terms', () => {
  it('with the trial: its fee today, the plan’s price when it ends', () => {
    expect(purchaseTerms(MONTHLY, { trial: true, now: NOW })).toEqual({ todayKopecks: 100, renewsAt: '2026-12-06T09:00:00.000Z', renewalKopecks: 29_900, months: 1 })
  })

  it('without it (had before, or none on the plan): the price today, again a period later, on the month’s last day when shorter', () => {
    expect(purchaseTerms({ ...MONTHLY, months: '3' }, { trial: false, now: NOW })).toEqual({ todayKopecks: 29_900, renewsAt: '2027-02-26T09:00:00.000Z', renewalKopecks: 29_900, months: 3 })
    const endOfMonth = purchaseTerms({ ...MONTHLY, trialDays: 0 }, { trial: true, now: new Date('2027-01-31T12:00:00Z') })
    expect(endOfMonth).toMatchObject({ todayKopecks: 29_900, renewsAt: '2027-02-28T12:00:00.000Z' })
  })

  it('are stated in Russian with the period’s plural form and how to cancel', () => {
    const terms = purchaseTerms(MONTHLY, { trial: true, now: NOW })
    expect(plain(termsText(terms, 'ru'))).toBe(
      '1 ₽ сегодня; с 6 декабря 2026 г. — 299 ₽ каждый месяц, пока вы не отключите автопродление. Отключить его можно в любой момент в личном кабинете, в разделе «Подписка».',
    )
    const every = (months: number) => plain(termsText({ ...terms, months }, 'ru', 'short'))
    expect(every(3)).toBe('1 ₽ сегодня, с 6 декабря 2026 г. — 299 ₽ каждые 3 месяца до отмены')
    expect(every(6)).toContain('каждые 6 месяцев')
    expect(every(12)).toContain('каждые 12 месяцев')
    expect(every(21)).toContain('каждый 21 месяц')
  })

  it('and in English', () => {
    const terms = purchaseTerms({ ...MONTHLY, months: 12, priceKopecks: 269_050 }, { trial: true, now: NOW })
    expect(termsText(terms, 'en')).toBe('₽1 today; from December 6, 2026, ₽2,690.50 every 12 months until you cancel. You can turn off auto-renewal at any time in your account, under “Subscription”.')
    expect(termsText({ ...terms, months: 1 }, 'en', 'short')).toBe('₽1 today; from December 6, 2026, ₽2,690.50 every month until you cancel')
  })

  it('fit YooKassa’s description (128 characters) at the largest amounts and longest dates', () => {
    const largest = { todayKopecks: 999_999_999, renewsAt: '2026-09-30T12:00:00Z', renewalKopecks: 999_999_999, months: 12 }
    for (const locale of ['ru', 'en'] as const) expect(termsText(largest, locale, 'short').length).toBeLessThanOrEqual(128)
  })

  it('date money matters in Moscow time: late evening in UTC is the next day', () => {
    expect(billingDate('2026-12-05T22:30:00Z', 'ru')).toBe('6 декабря 2026 г.')
    expect(billingDate('2026-12-05T22:30:00Z', 'en')).toBe('December 6, 2026')
  })

  it('name the trial on an invoice with the right Russian form', () => {
    expect([3, 10, 21].map((days) => trialItemName(days, 'ru'))).toEqual(['Пробный период: 3 дня', 'Пробный период: 10 дней', 'Пробный период: 21 день'])
    expect(trialItemName(1, 'en')).toBe('Trial: 1 day')
  })
})

describe('billing mail', () => {
  const state = { status: 'trialing' as const, trialEndsAt: '2026-12-06T09:00:00Z', currentPeriodEnd: '2026-12-06T09:00:00Z', nextPaymentAt: '2026-12-06T09:00:00Z', cancelAtPeriodEnd: false }
  const common = { siteName: 'VPN ключи', serverUrl: 'https://vpnkeys.example', subscription: state }

  it('the activation mail states the terms right after its first line', async () => {
    const terms = termsText(purchaseTerms(MONTHLY, { trial: true, now: NOW }), 'ru')
    const mail = await renderBillingMail({ ...common, kind: 'activated', locale: 'ru', terms })
    const lines = mail.text.split('\n')
    expect(lines[0]).toMatch(/^Спасибо за оплату!/)
    expect(lines[1]).toBe(terms)
    expect(mail.html).toContain('каждый месяц, пока вы не отключите автопродление')
  })

  it('turning auto-renewal off says until when the keys work; on again, the next charge', async () => {
    const off = await renderBillingMail({ ...common, kind: 'renewalCancelled', locale: 'ru', subscription: { ...state, nextPaymentAt: null, cancelAtPeriodEnd: true } })
    expect(off.subject).toBe('Автопродление VIP-подписки на сайте VPN ключи отключено')
    expect(off.text).toContain('VIP-ключи работают до 6 декабря 2026 г. включительно')
    const on = await renderBillingMail({ ...common, kind: 'renewalResumed', locale: 'en', amount: '₽299' })
    expect(on.subject).toBe('Auto-renewal of your VPN ключи VIP subscription is on')
    expect(on.text).toContain('Next payment: ₽299 on December 6, 2026.')
  })
})
