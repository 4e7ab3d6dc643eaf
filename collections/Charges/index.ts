// Payments the site itself asks a provider for (YooKassa): the first payment of a checkout, and each
// renewal attempt. The key is unique per subscription and period (and attempt), so a period is charged
// once however many instances run the renewal job; support staff can look a payment up here.
import type { CollectionConfig } from 'payload'

import { adminOnly } from '../access/adminOnly'
import { staffOnly } from '../access/staffOnly'
import { moneyDisplayField } from '../fields/money'

export const Charges: CollectionConfig = {
  slug: 'charges',
  labels: {
    singular: { ru: 'Списание', en: 'Charge' },
    plural: { ru: 'Списания', en: 'Charges' },
  },
  admin: {
    useAsTitle: 'key',
    defaultColumns: ['key', 'subscription', 'status', 'amount', 'createdAt'],
    group: { ru: 'VIP', en: 'VIP' },
  },
  access: { read: staffOnly, create: adminOnly, update: adminOnly, delete: adminOnly },
  fields: [
    {
      name: 'key',
      label: { ru: 'Ключ списания', en: 'Charge key' },
      type: 'text',
      required: true,
      unique: true,
      admin: { description: { ru: 'Заказ или подписка, период и попытка', en: 'The order, or the subscription, period and attempt' } },
    },
    { name: 'order', label: { ru: 'Заказ', en: 'Order' }, type: 'text', index: true },
    { name: 'subscription', label: { ru: 'Подписка', en: 'Subscription' }, type: 'relationship', relationTo: 'subscriptions', index: true, admin: { allowCreate: false } },
    { name: 'paymentId', label: { ru: 'ID платежа', en: 'Payment id' }, type: 'text', index: true },
    {
      name: 'status',
      label: { ru: 'Статус', en: 'Status' },
      type: 'select',
      required: true,
      defaultValue: 'pending',
      options: [
        { value: 'pending', label: { ru: 'Ожидает', en: 'Pending' } },
        { value: 'succeeded', label: { ru: 'Оплачено', en: 'Paid' } },
        { value: 'canceled', label: { ru: 'Отклонено', en: 'Declined' } },
      ],
    },
    { name: 'amountKopecks', label: { ru: 'Сумма (коп.)', en: 'Amount (kopecks)' }, type: 'number', min: 0, admin: { hidden: true } },
    moneyDisplayField({ name: 'amount', kopecks: 'amountKopecks', label: { ru: 'Сумма', en: 'Amount' } }),
  ],
}
