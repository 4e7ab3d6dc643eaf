// 54-FZ receipts for YooKassa: one service line per payment, in Russian (the receipt is a Russian tax
// document whatever the buyer's language), sent with the payment when the shop has receipts turned on.
import { isPlaceholderEmail } from '@/lib/auth/placeholderEmail'
import { checkEmail } from '@/lib/validation/checkEmail'

import type { Receipt, ReceiptSettings } from './provider'

/** Kopecks as YooKassa's amount string: `100` → `1.00`. */
export function rublesValue(kopecks: number): string {
  if (!Number.isInteger(kopecks) || kopecks < 0) throw new RangeError(`Not an amount in kopecks: ${kopecks}`)
  return `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`
}

const russianPlural = new Intl.PluralRules('ru-RU')

function count(n: number, forms: Record<'one' | 'few' | 'many', string>): string {
  const form = russianPlural.select(n)
  return `${n} ${form === 'one' || form === 'few' ? forms[form] : forms.many}`
}

/** What the buyer pays for, as the receipt and the bank statement name it (at most 128 characters). */
export function paymentDescription(charge: { kind: 'trial'; days: number } | { kind: 'period'; months: number }, siteName: string): string {
  const what =
    charge.kind === 'trial'
      ? `пробный период ${count(charge.days, { one: 'день', few: 'дня', many: 'дней' })}`
      : count(charge.months, { one: 'месяц', few: 'месяца', many: 'месяцев' })
  return `VIP-подписка на VPN-ключи ${siteName}: ${what}`.slice(0, 128)
}

export function buildReceipt({ email, description, amountKopecks, settings }: { email: string; description: string; amountKopecks: number; settings: ReceiptSettings }): Receipt {
  return {
    customer: { email },
    items: [
      {
        description: description.slice(0, 128),
        quantity: 1,
        amount: { value: rublesValue(amountKopecks), currency: 'RUB' },
        vat_code: settings.vatCode,
        payment_subject: 'service',
        payment_mode: 'full_payment',
      },
    ],
    ...(settings.taxSystemCode ? { tax_system_code: settings.taxSystemCode } : {}),
  }
}

/** The shop's receipt setting (site settings, Payments) as a payment needs it; null when receipts are off. */
export function receiptSettingsOf(receipts: { enabled?: boolean | null; vatCode?: string | null; taxSystemCode?: string | null } | null | undefined): ReceiptSettings | null {
  if (!receipts?.enabled) return null
  return { vatCode: Number(receipts.vatCode ?? 1), taxSystemCode: receipts.taxSystemCode ? Number(receipts.taxSystemCode) : null }
}

/**
 * Where a subscription's receipts go: its account's address, or, for a Telegram-only account (a placeholder no mail
 * reaches), the address its buyer typed for the payment; null when there is neither (no receipt can be sent).
 */
export function receiptAddress(accountEmail: string | null | undefined, subscription: { provider?: { receiptEmail?: string | null } | null }): string | null {
  const usable = (address: string | null | undefined): address is string => typeof address === 'string' && checkEmail(address).ok && !isPlaceholderEmail(address)
  if (usable(accountEmail)) return accountEmail
  const typed = subscription.provider?.receiptEmail
  return usable(typed) ? typed : null
}
