// Money in the admin: editors type and read rubles ("849", "849,00"); the stored field stays in kopecks,
// which the site, the billing code and the API use.
import type { CollectionBeforeValidateHook, Field, NumberField, PayloadRequest, TextField } from 'payload'

import { adminLanguage as language, adminT } from '@/lib/admin/adminMessages'
import { formatRubles, parseRubles, rublesInput } from '@/lib/billing/rules/pricing'

type Label = { ru: string; en: string }

type MoneyOptions = {
  name: string
  kopecks: string
  label: Label
  kopecksLabel: Label
  required?: boolean
  minKopecks?: number
  defaultKopecks?: number
  /** Shown, and required, only when the document is so (a promo code's rubles off, for a rubles-off code). */
  onlyWhen?: (data: Partial<Record<string, unknown>>) => boolean
}

/**
 * A price editors type in rubles (`name`, not stored) over the stored kopecks field (`kopecks`, hidden in the
 * admin; the site, the billing code and the API use it). Put `moneyHook` of the same options in the
 * collection's beforeValidate: it turns what was typed into kopecks.
 */
export function moneyFields({ name, kopecks, label, kopecksLabel, required = false, minKopecks = 0, defaultKopecks, onlyWhen }: MoneyOptions): Field[] {
  const tooLow = (req: PayloadRequest | undefined) => adminT(req)('priceMin', { min: formatRubles(minKopecks, language(req)) })
  const rubles: TextField = {
    name,
    label,
    type: 'text',
    virtual: true,
    ...(defaultKopecks === undefined ? {} : { defaultValue: rublesInput(defaultKopecks, 'ru') }),
    // Payload makes virtual fields read-only unless told otherwise: this one is typed into.
    admin: { readOnly: false, description: { ru: 'В рублях: 849 или 849,50', en: 'In rubles: 849 or 849.50' }, ...(onlyWhen ? { condition: onlyWhen } : {}) },
    hooks: {
      afterRead: [({ siblingData, req }) => (typeof siblingData?.[kopecks] === 'number' ? rublesInput(siblingData[kopecks] as number, language(req)) : null)],
    },
    validate: (value: unknown, { req, siblingData }: { req: PayloadRequest; siblingData: Record<string, unknown> }) => {
      const text = typeof value === 'string' ? value.trim() : ''
      if (onlyWhen && !onlyWhen(siblingData ?? {})) return true
      if (!text) return !(required || onlyWhen) || typeof siblingData?.[kopecks] === 'number' || adminT(req)('priceRequired')
      const parsed = parseRubles(text)
      if (parsed === null) return adminT(req)('priceInvalid')
      return parsed >= minKopecks || tooLow(req)
    },
  }
  const stored: NumberField = {
    name: kopecks,
    label: kopecksLabel,
    type: 'number',
    required,
    min: minKopecks,
    ...(defaultKopecks === undefined ? {} : { defaultValue: defaultKopecks }),
    admin: { hidden: true },
    // An amount that came from the rubles input is checked (and reported) there.
    validate: (value: unknown, { req, siblingData }: { req: PayloadRequest; siblingData: Record<string, unknown> }) => {
      const typed = siblingData?.[name]
      if (typeof typed === 'string' && parseRubles(typed) === (value ?? null)) return true
      if (value === null || value === undefined) return !required || adminT(req)('priceRequired')
      return (Number.isInteger(value) && (value as number) >= minKopecks) || tooLow(req)
    },
  }
  return [rubles, stored]
}

/**
 * Before validation: a rubles amount that was typed (it differs from what the stored kopecks read as) sets its
 * kopecks field; an emptied required one clears it, and is refused. Payload hands updates the stored document
 * merged with the change, so an unchanged rubles value says nothing and the kopecks sent over the API stand.
 */
export function moneyHook(list: Pick<MoneyOptions, 'name' | 'kopecks' | 'required'>[]): CollectionBeforeValidateHook {
  return ({ data, originalDoc }) => {
    if (!data) return data
    for (const { name, kopecks, required } of list) {
      const typed = data[name]
      if (typeof typed !== 'string' || typed === originalDoc?.[name]) continue
      const parsed = typed.trim() === '' ? null : parseRubles(typed)
      if (parsed !== null) data[kopecks] = parsed
      else if (typed.trim() === '' && required) data[kopecks] = null
    }
    return data
  }
}

/** A read-only amount shown as money in the editor's language ("2 690 ₽"), for lists and history. */
export function moneyDisplayField({ name, kopecks, label }: { name: string; kopecks: string; label: Label }): TextField {
  return {
    name,
    label,
    type: 'text',
    virtual: true,
    admin: { readOnly: true },
    access: { create: () => false, update: () => false },
    hooks: {
      // A display text, like the amount itself: a row without money reads "—" in the lists, not a blank cell.
      afterRead: [({ siblingData, req }) => (typeof siblingData?.[kopecks] === 'number' ? formatRubles(siblingData[kopecks] as number, language(req)) : '—')],
    },
  }
}
