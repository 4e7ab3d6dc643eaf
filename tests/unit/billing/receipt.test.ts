// 54-FZ receipts as YooKassa takes them, and YooKassa's amounts and payment objects read into ours.
import { describe, expect, it } from 'vitest'

import { buildReceipt, paymentDescription, receiptAddress, receiptSettingsOf, rublesValue } from '@/lib/billing/providers/receipt'
import { toKopecks, toProviderPayment } from '@/lib/billing/providers/yookassa'

describe('receipts', () => {
  it('carry the buyer’s e-mail and one service line paid in full, with the shop’s VAT code', () => {
    const receipt = buildReceipt({
      email: 'buyer@mail.example.com',
      description: paymentDescription({ kind: 'trial', days: 10 }, 'VPN Ключи'),
      amountKopecks: 100,
      settings: { vatCode: 1, taxSystemCode: 2 },
    })
    expect(receipt).toEqual({
      customer: { email: 'buyer@mail.example.com' },
      items: [
        {
          description: 'VIP-подписка на VPN-ключи VPN Ключи: пробный период 10 дней',
          quantity: 1,
          amount: { value: '1.00', currency: 'RUB' },
          vat_code: 1,
          payment_subject: 'service',
          payment_mode: 'full_payment',
        },
      ],
      tax_system_code: 2,
    })
  })

  it('name the period in Russian with its plural, within YooKassa’s 128 characters', () => {
    expect(paymentDescription({ kind: 'period', months: 1 }, 'S')).toMatch(/: 1 месяц$/)
    expect(paymentDescription({ kind: 'period', months: 3 }, 'S')).toMatch(/: 3 месяца$/)
    expect(paymentDescription({ kind: 'period', months: 12 }, 'S')).toMatch(/: 12 месяцев$/)
    expect(paymentDescription({ kind: 'trial', days: 1 }, 'S')).toMatch(/пробный период 1 день$/)
    expect(paymentDescription({ kind: 'trial', days: 3 }, 'S')).toMatch(/пробный период 3 дня$/)
    expect(paymentDescription({ kind: 'period', months: 6 }, 'x'.repeat(200))).toHaveLength(128)
  })

  it('are sent only when the shop turned them on', () => {
    expect(receiptSettingsOf({ enabled: false, vatCode: '4' })).toBeNull()
    expect(receiptSettingsOf(null)).toBeNull()
    expect(receiptSettingsOf({ enabled: true, vatCode: '11', taxSystemCode: null })).toEqual({ vatCode: 11, taxSystemCode: null })
  })
})

describe('where a subscription’s receipts go', () => {
  it('is the account’s address; for a Telegram-only account, the one typed for the payment; never a placeholder', () => {
    expect(receiptAddress('anna@example.com', { provider: { receiptEmail: 'other@example.com' } })).toBe('anna@example.com')
    expect(receiptAddress('tg42@telegram.invalid', { provider: { receiptEmail: 'anna@example.com' } })).toBe('anna@example.com')
    expect(receiptAddress('TG42@Telegram.Invalid', { provider: { receiptEmail: null } })).toBeNull()
    expect(receiptAddress('tg42@telegram.invalid', { provider: { receiptEmail: 'tg42@telegram.invalid' } })).toBeNull()
    expect(receiptAddress(null, {})).toBeNull()
  })
})

describe('amounts', () => {
  it('go to YooKassa as rubles with two decimals and come back as kopecks', () => {
    expect(rublesValue(100)).toBe('1.00')
    expect(rublesValue(84_905)).toBe('849.05')
    expect(rublesValue(269_000)).toBe('2690.00')
    expect(() => rublesValue(1.5)).toThrow(RangeError)
    expect(toKopecks('849.05')).toBe(84_905)
    expect(toKopecks('849.5')).toBe(84_950)
    expect(toKopecks('1')).toBe(100)
  })
})

describe('payments read from YooKassa', () => {
  const base = { id: '2f0e', status: 'succeeded' as const, amount: { value: '1.00', currency: 'RUB' }, created_at: '2026-11-23T12:00:00.000Z', captured_at: '2026-11-23T12:00:05.000Z' }

  it('keep the saved method’s id and what the account may show, never a card number', () => {
    const payment = toProviderPayment({
      ...base,
      payment_method: { type: 'bank_card', id: 'pm-1', saved: true, card: { last4: '4477', expiry_month: '07', expiry_year: '2029', card_type: 'Mir' } },
      metadata: { order: 'ord_1' },
    })
    expect(payment).toMatchObject({ savedMethodId: 'pm-1', method: { kind: 'card', brand: 'Mir', last4: '4477', validUntil: '07/29' }, amountKopecks: 100, refundedKopecks: 0 })
    expect(JSON.stringify(payment)).not.toMatch(/first6|555555/)
  })

  it('name SBP, SberPay and YooMoney, and keep no method that was not saved', () => {
    expect(toProviderPayment({ ...base, payment_method: { type: 'sbp', id: 'pm-2', saved: true } }).method).toEqual({ kind: 'sbp', brand: '', last4: '', validUntil: '' })
    expect(toProviderPayment({ ...base, payment_method: { type: 'sberbank', id: 'pm-3', saved: true } }).method?.kind).toBe('sberpay')
    expect(toProviderPayment({ ...base, payment_method: { type: 'yoo_money', id: 'pm-4', saved: false } })).toMatchObject({ method: { kind: 'yoomoney' }, savedMethodId: null })
  })
})
