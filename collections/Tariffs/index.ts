// VIP plans: months, price (typed in rubles, stored in kopecks) and the trial; monthly price and saving are derived, never typed in.
import type { CollectionConfig, PayloadRequest } from 'payload'

import { adminT } from '@/lib/admin/adminMessages'
import { isStaff } from '../access/roles'
import { staffOnly } from '../access/staffOnly'
import { editedByField } from '../fields/editedBy'
import { moneyFields, moneyHook } from '../fields/money'
import { revalidatePublicData } from '../hooks/revalidatePublicData'

const PRICE = {
  name: 'price',
  kopecks: 'priceKopecks',
  label: { ru: 'Цена за период (₽)', en: 'Price for the period (₽)' },
  kopecksLabel: { ru: 'Цена за период (копеек)', en: 'Price for the period (kopecks)' },
  required: true,
  minKopecks: 100,
}
const TRIAL_FEE = {
  name: 'trialFee',
  kopecks: 'trialFeeKopecks',
  label: { ru: 'Плата за пробный период (₽)', en: 'Trial fee (₽)' },
  kopecksLabel: { ru: 'Плата за пробный период (копеек)', en: 'Trial fee (kopecks)' },
  required: true,
  defaultKopecks: 100,
}

export const Tariffs: CollectionConfig = {
  slug: 'tariffs',
  labels: {
    singular: { ru: 'Тариф', en: 'Plan' },
    plural: { ru: 'Тарифы', en: 'Plans' },
  },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'months', 'price', 'trialDays', 'active', 'order'],
    group: { ru: 'VIP', en: 'VIP' },
  },
  defaultSort: 'order',
  // Every save is kept with its author: a wrong price can be looked up and restored.
  versions: { maxPerDoc: 50 },
  access: {
    read: ({ req: { user } }) => (isStaff(user) ? true : { active: { equals: true } }),
    readVersions: staffOnly,
    create: staffOnly,
    update: staffOnly,
    delete: staffOnly,
  },
  hooks: {
    beforeValidate: [moneyHook([PRICE, TRIAL_FEE])],
    afterChange: [revalidatePublicData],
    afterDelete: [revalidatePublicData],
  },
  fields: [
    { name: 'name', label: { ru: 'Название', en: 'Name' }, type: 'text', required: true, localized: true },
    {
      type: 'row',
      fields: [
        {
          name: 'months',
          label: { ru: 'Срок (месяцев)', en: 'Period (months)' },
          type: 'select',
          required: true,
          unique: true,
          options: ['1', '3', '6', '12'],
        },
        ...moneyFields(PRICE),
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'trialDays', label: { ru: 'Пробный период (дней)', en: 'Trial (days)' }, type: 'number', required: true, min: 0, defaultValue: 10 },
        ...moneyFields(TRIAL_FEE),
      ],
    },
    {
      // src/lib/billing/record/heldTrial.ts: the trial's days count from the first device's connection, not from the payment.
      name: 'trialStartsOnConnect',
      label: { ru: 'Пробный период начинается с первого подключения', en: 'The trial starts at the first connection' },
      type: 'checkbox',
      defaultValue: false,
      admin: {
        description: {
          ru: 'Дни пробного периода считаются с первого подключения устройства (первого запроса ссылки подписки приложением), а не с оплаты; не позже чем через 30 дней после покупки они начнутся сами.',
          en: 'The trial’s days count from the first device’s connection (an app’s first poll of the subscription URL), not from the payment; 30 days after the purchase they start anyway.',
        },
      },
    },
    {
      // Sold in the site's bot for Telegram Stars (src/lib/billing/providers/stars.ts); a monthly plan renews every 30 days.
      name: 'starsPrice',
      label: { ru: 'Цена в Telegram Stars (⭐)', en: 'Price in Telegram Stars (⭐)' },
      type: 'number',
      min: 1,
      max: 10000,
      validate: (value: unknown, { req }: { req: PayloadRequest }) =>
        value === null || value === undefined || (Number.isInteger(value) && Number(value) >= 1 && Number(value) <= 10000) || adminT(req)('starsPriceWhole'),
      admin: {
        description: {
          ru: 'Сколько звёзд стоит период в боте Telegram (от 1 до 10 000). Пусто — в боте за звёзды этот тариф не продаётся. Месячный тариф Telegram продлевает сам каждые 30 дней; остальные оплачиваются на свой срок без автопродления. Пробного периода за звёзды нет.',
          en: 'What the period costs in Stars in the Telegram bot (1 to 10,000). Empty: the bot does not sell this plan for Stars. Telegram renews a monthly plan itself every 30 days; the others are paid for their period without auto-renewal. There is no trial for Stars.',
        },
      },
    },
    {
      // Counted by the HWID apps send with each poll of the subscription URL (src/lib/feeds/devices.ts).
      name: 'deviceLimit',
      label: { ru: 'Устройств на подписку', en: 'Devices per subscription' },
      type: 'number',
      required: true,
      min: 1,
      max: 100,
      defaultValue: 10,
      validate: (value: unknown, { req }: { req: PayloadRequest }) =>
        (Number.isInteger(value) && Number(value) >= 1 && Number(value) <= 100) || adminT(req)('deviceLimitWhole'),
      admin: {
        description: {
          ru: 'Сколько устройств (телефонов, компьютеров) может получать ключи по ссылке подписки. Новое устройство сверх лимита получает пустой список и подсказку освободить место в «Моих серверах».',
          en: 'How many devices (phones, computers) may receive keys through the subscription link. A new device past the limit gets an empty list and a hint to free a place in “My servers”.',
        },
      },
    },
    {
      name: 'features',
      label: { ru: 'Преимущества', en: 'Features' },
      labels: { singular: { ru: 'Преимущество', en: 'Feature' }, plural: { ru: 'Преимущества', en: 'Features' } },
      type: 'array',
      localized: true,
      fields: [{ name: 'text', label: { ru: 'Текст', en: 'Text' }, type: 'text', required: true }],
    },
    {
      type: 'row',
      fields: [
        { name: 'order', label: { ru: 'Порядок', en: 'Order' }, type: 'number', defaultValue: 0 },
        { name: 'active', label: { ru: 'Продаётся', en: 'On sale' }, type: 'checkbox', defaultValue: true, index: true },
      ],
    },
    editedByField,
  ],
}
