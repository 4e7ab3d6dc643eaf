// Promo codes editors hand out: money off the first payment, extra days or a longer trial, for some plans or all,
// for a time, for so many uses. The rules are in src/lib/promo/rules.ts; a use is a subscription bought with the code
// (its `promo` field), so the counts are what was paid, never what was only tried. Staff only: a code is a secret
// until it is handed out, and nobody else may read the list.
import type { CollectionBeforeValidateHook, CollectionConfig, PayloadRequest } from 'payload'

import { adminT } from '@/lib/admin/adminMessages'
import type { PROMO_KINDS } from '@/lib/promo/rules';
import { MAX_PROMO_DAYS, normalizePromoCode } from '@/lib/promo/rules'

import { staffOnly } from '../access/staffOnly'
import { editedByField } from '../fields/editedBy'
import { moneyFields, moneyHook } from '../fields/money'

const AMOUNT_OFF = {
  name: 'amountOff',
  kopecks: 'amountOffKopecks',
  label: { ru: 'Скидка (₽)', en: 'Money off (₽)' },
  kopecksLabel: { ru: 'Скидка (копеек)', en: 'Money off (kopecks)' },
  minKopecks: 1,
}

type Kind = (typeof PROMO_KINDS)[number]
const whenKind = (kind: Kind) => (data: Partial<Record<string, unknown>>) => data?.kind === kind

/** The code as buyers may type it (case, spaces and dashes aside) is the code stored. */
const normalizeCode: CollectionBeforeValidateHook = ({ data }) => {
  if (data && typeof data.code === 'string') data.code = normalizePromoCode(data.code) ?? data.code
  return data
}

/** The value the chosen kind needs: a whole number in range. */
const kindValue =
  (kind: Kind, min: number, max: number) =>
  (value: unknown, { req, siblingData }: { req: PayloadRequest; siblingData: Record<string, unknown> }) => {
    if (siblingData?.kind !== kind) return true
    return (Number.isInteger(value) && Number(value) >= min && Number(value) <= max) || adminT(req)('promoValue', { min, max })
  }

export const PromoCodes: CollectionConfig = {
  slug: 'promo-codes',
  labels: {
    singular: { ru: 'Промокод', en: 'Promo code' },
    plural: { ru: 'Промокоды', en: 'Promo codes' },
  },
  admin: {
    useAsTitle: 'code',
    defaultColumns: ['code', 'kind', 'endsAt', 'maxUses', 'active'],
    group: { ru: 'VIP', en: 'VIP' },
    description: {
      ru: 'Код действует на первую оплату подписки: скидка (без пробного периода, не меньше 1 ₽ к оплате), дополнительные дни к первому периоду или более длинный пробный период. Продления — по полной цене тарифа. Регистр, пробелы и дефисы при вводе не важны.',
      en: 'A code works on a subscription’s first payment: money off (no trial, at least 1 ₽ to pay), extra days in the first period, or a longer trial. Renewals are at the plan’s full price. Case, spaces and dashes do not matter when typed.',
    },
  },
  versions: { maxPerDoc: 20 },
  access: {
    read: staffOnly,
    readVersions: staffOnly,
    create: staffOnly,
    update: staffOnly,
    delete: staffOnly,
  },
  hooks: { beforeValidate: [normalizeCode, moneyHook([AMOUNT_OFF])] },
  fields: [
    {
      type: 'row',
      fields: [
        {
          name: 'code',
          label: { ru: 'Код', en: 'Code' },
          type: 'text',
          required: true,
          unique: true,
          index: true,
          validate: (value: unknown, { req }: { req: PayloadRequest }) => normalizePromoCode(value) === value || adminT(req)('promoCodeFormat'),
          admin: { description: { ru: 'Буквы и цифры, от 3 до 32 знаков: VESNA25', en: 'Letters and digits, 3 to 32 of them: SPRING25' } },
        },
        {
          name: 'kind',
          label: { ru: 'Что даёт', en: 'What it gives' },
          type: 'select',
          required: true,
          defaultValue: 'percent',
          options: [
            { value: 'percent', label: { ru: 'Скидка в процентах на первую оплату', en: 'Percent off the first payment' } },
            { value: 'amount', label: { ru: 'Скидка в рублях на первую оплату', en: 'Rubles off the first payment' } },
            { value: 'days', label: { ru: 'Дополнительные дни к первому периоду', en: 'Extra days in the first period' } },
            { value: 'trial', label: { ru: 'Более длинный пробный период', en: 'A longer trial' } },
          ],
        },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'percentOff', label: { ru: 'Скидка (%)', en: 'Percent off' }, type: 'number', min: 1, max: 100, validate: kindValue('percent', 1, 100), admin: { condition: whenKind('percent') } },
        ...moneyFields({ ...AMOUNT_OFF, onlyWhen: whenKind('amount') }),
        { name: 'extraDays', label: { ru: 'Дополнительных дней', en: 'Extra days' }, type: 'number', min: 1, max: MAX_PROMO_DAYS, validate: kindValue('days', 1, MAX_PROMO_DAYS), admin: { condition: whenKind('days') } },
        {
          name: 'trialDays',
          label: { ru: 'Пробный период (дней)', en: 'Trial (days)' },
          type: 'number',
          min: 1,
          max: MAX_PROMO_DAYS,
          validate: kindValue('trial', 1, MAX_PROMO_DAYS),
          admin: {
            condition: whenKind('trial'),
            description: { ru: 'Только для первой подписки и тарифов с пробным периодом.', en: 'Only for a first subscription, on plans with a trial.' },
          },
        },
      ],
    },
    {
      name: 'plans',
      label: { ru: 'Тарифы', en: 'Plans' },
      type: 'relationship',
      relationTo: 'tariffs',
      hasMany: true,
      admin: { description: { ru: 'Пусто — на любой тариф.', en: 'Empty: any plan.' } },
    },
    {
      type: 'row',
      fields: [
        { name: 'startsAt', label: { ru: 'Действует с', en: 'Valid from' }, type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
        { name: 'endsAt', label: { ru: 'Действует до', en: 'Valid until' }, type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'maxUses', label: { ru: 'Всего использований', en: 'Uses in total' }, type: 'number', min: 1, admin: { description: { ru: 'Пусто — без ограничения.', en: 'Empty: no limit.' } } },
        { name: 'maxUsesPerBuyer', label: { ru: 'Использований на покупателя', en: 'Uses per buyer' }, type: 'number', min: 1, defaultValue: 1, admin: { description: { ru: 'Пусто — без ограничения.', en: 'Empty: no limit.' } } },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'firstPurchaseOnly', label: { ru: 'Только для первой покупки', en: 'First purchase only' }, type: 'checkbox', defaultValue: false },
        { name: 'active', label: { ru: 'Действует', en: 'Active' }, type: 'checkbox', defaultValue: true, index: true },
      ],
    },
    { name: 'note', label: { ru: 'Заметка', en: 'Note' }, type: 'textarea', admin: { description: { ru: 'Для кого и зачем: покупатели её не видят.', en: 'Who it is for and why: buyers never see it.' } } },
    editedByField,
  ],
}
