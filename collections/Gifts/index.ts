// Gift subscriptions (src/lib/gift): a plan's period bought once for someone else. A row is made when the buyer opens
// the checkout; its code exists once the payment is in, goes to the buyer by e-mail, and is redeemed once into a
// subscription (new, or added to the recipient's own). A refund before it is redeemed voids the code. Staff read them
// (codes are secrets: nobody else); nobody writes one through the API, so a code cannot be made, revived or moved.
import type { CollectionConfig } from 'payload'

import { staffOnly } from '../access/staffOnly'
import { moneyDisplayField } from '../fields/money'

import { giftRefundEndpoint } from './refund'

const never = () => false
const readOnly = { readOnly: true } as const

export const Gifts: CollectionConfig = {
  slug: 'gifts',
  labels: {
    singular: { ru: 'Подарок', en: 'Gift' },
    plural: { ru: 'Подарки', en: 'Gifts' },
  },
  admin: {
    useAsTitle: 'buyerEmail',
    defaultColumns: ['createdAt', 'buyerEmail', 'tariff', 'status', 'redeemedBy'],
    group: { ru: 'VIP', en: 'VIP' },
    description: {
      ru: 'Подписки, купленные в подарок: код приходит покупателю после оплаты и активируется один раз. Возврат до активации аннулирует код.',
      en: 'Subscriptions bought as gifts: the code goes to the buyer once paid and is redeemed once. A refund before it is redeemed voids the code.',
    },
  },
  defaultSort: '-createdAt',
  access: { read: staffOnly, create: never, update: never, delete: never },
  endpoints: [{ path: '/:id/refund', method: 'post', handler: giftRefundEndpoint }],
  fields: [
    {
      name: 'refundBox',
      type: 'ui',
      admin: { position: 'sidebar', condition: (data) => Boolean(data?.id), components: { Field: '/components/admin/GiftRefund#GiftRefund' } },
    },
    { name: 'code', label: { ru: 'Код', en: 'Code' }, type: 'text', unique: true, index: true, admin: readOnly },
    {
      name: 'status',
      label: { ru: 'Статус', en: 'Status' },
      type: 'select',
      required: true,
      defaultValue: 'pending',
      index: true,
      options: [
        { value: 'pending', label: { ru: 'Ждёт оплаты', en: 'Waiting for payment' } },
        { value: 'paid', label: { ru: 'Оплачен, не активирован', en: 'Paid, not redeemed' } },
        { value: 'redeemed', label: { ru: 'Активирован', en: 'Redeemed' } },
        { value: 'void', label: { ru: 'Аннулирован (возврат)', en: 'Void (refunded)' } },
      ],
      admin: readOnly,
    },
    { name: 'tariff', label: { ru: 'Тариф', en: 'Plan' }, type: 'relationship', relationTo: 'tariffs', required: true, admin: { ...readOnly, allowCreate: false } },
    { name: 'months', label: { ru: 'Месяцев', en: 'Months' }, type: 'number', required: true, min: 1, admin: readOnly },
    { name: 'amountKopecks', label: { ru: 'Сумма (копеек)', en: 'Amount (kopecks)' }, type: 'number', required: true, min: 0, admin: { hidden: true } },
    moneyDisplayField({ name: 'amount', kopecks: 'amountKopecks', label: { ru: 'Сумма', en: 'Amount' } }),
    // Bought in the site's bot for Telegram Stars (src/lib/billing/providers/stars.ts): its price in Stars.
    { name: 'amountStars', label: { ru: 'Сумма (⭐)', en: 'Amount (⭐)' }, type: 'number', min: 0, admin: { ...readOnly, condition: (data) => typeof data?.amountStars === 'number' } },
    { name: 'buyer', label: { ru: 'Покупатель', en: 'Buyer' }, type: 'relationship', relationTo: 'users', index: true, admin: { ...readOnly, allowCreate: false } },
    { name: 'buyerEmail', label: { ru: 'E-mail покупателя', en: 'Buyer’s e-mail' }, type: 'text', required: true, admin: readOnly },
    { name: 'locale', label: { ru: 'Язык', en: 'Language' }, type: 'select', options: ['ru', 'en'], defaultValue: 'ru', admin: readOnly },
    {
      name: 'provider',
      label: { ru: 'Платёжная система', en: 'Payment provider' },
      type: 'group',
      admin: readOnly,
      fields: [
        { name: 'name', label: { ru: 'Название', en: 'Name' }, type: 'text' },
        // Our order id (the checkout's idempotency and the return page's key) and the provider's payment.
        { name: 'order', label: { ru: 'Заказ', en: 'Order' }, type: 'text', unique: true, index: true },
        { name: 'payment', label: { ru: 'Платёж', en: 'Payment' }, type: 'text', index: true },
        // Telegram Stars: the buyer's Telegram user, whom a refund returns the Stars to.
        { name: 'customerId', label: { ru: 'Покупатель у платёжной системы', en: 'Buyer at the provider' }, type: 'text' },
      ],
    },
    { name: 'paidAt', label: { ru: 'Оплачен', en: 'Paid at' }, type: 'date', admin: { ...readOnly, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'redeemedBy', label: { ru: 'Активировал', en: 'Redeemed by' }, type: 'relationship', relationTo: 'users', index: true, admin: { ...readOnly, allowCreate: false } },
    { name: 'redeemedAt', label: { ru: 'Активирован', en: 'Redeemed at' }, type: 'date', admin: { ...readOnly, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'subscription', label: { ru: 'Подписка', en: 'Subscription' }, type: 'relationship', relationTo: 'subscriptions', admin: { ...readOnly, allowCreate: false } },
    { name: 'voidedAt', label: { ru: 'Аннулирован', en: 'Voided at' }, type: 'date', admin: { ...readOnly, date: { pickerAppearance: 'dayAndTime' } } },
  ],
}
