// The ways to pay, named in the visitor's language: "bank card, SBP, SberPay and YooMoney".
import { getTranslations } from 'next-intl/server'

import type { Locale } from '@/i18n/locales'

import type { PaymentMethodKind } from './provider'

export async function methodNames(locale: Locale): Promise<(kind: PaymentMethodKind) => string> {
  const t = await getTranslations({ locale, namespace: 'PaymentMethods' })
  return (kind) => t(kind)
}

export async function acceptedMethodsText(locale: Locale, methods: readonly PaymentMethodKind[]): Promise<string> {
  const name = await methodNames(locale)
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(methods.map(name))
}
