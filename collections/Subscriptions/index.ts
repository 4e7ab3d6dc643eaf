// VIP subscriptions, written only by the billing code (src/lib/billing/record/subscriptionRecord.ts): from verified
// payment-provider events, the site's own renewals, and staff's extend-or-cancel form on the subscription's page.
import type { CollectionConfig } from 'payload'

import { adminOnly } from '../access/adminOnly'
import { adminOnlyField } from '../access/adminOnlyField'
import { staffOnly } from '../access/staffOnly'
import { staffOnlyField } from '../access/staffOnlyField'
import { staffOrOwner } from '../access/staffOrOwner'
import { moneyDisplayField } from '../fields/money'
import { SUBSCRIPTION_STATUS_OPTIONS } from '../options'
import { changeEndpoint } from './endpoints/change'
import { refundEndpoint } from './endpoints/refund'

// What the provider reported and the terms the buyer agreed to: admins may correct them, editors may not.
const providerOwned = { update: adminOnlyField }
// The state and its dates change only through the billing code (staff: the extend-or-cancel form), never as a field
// edit, so the provider, the history and the VIP keys always follow it.
const billingOwned = { update: () => false }

export const Subscriptions: CollectionConfig = {
  slug: 'subscriptions',
  labels: {
    singular: { ru: 'Подписка', en: 'Subscription' },
    plural: { ru: 'Подписки', en: 'Subscriptions' },
  },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'tariff', 'status', 'currentPeriodEnd', 'createdAt'],
    listSearchableFields: ['title'],
    group: { ru: 'VIP', en: 'VIP' },
  },
  access: {
    read: staffOrOwner,
    create: adminOnly,
    // Staff extend or cancel through the form on the page (endpoints/change.ts); admins may correct provider-owned fields.
    update: staffOnly,
    delete: adminOnly,
  },
  endpoints: [
    { path: '/:id/change', method: 'post', handler: changeEndpoint },
    { path: '/:id/refund', method: 'post', handler: refundEndpoint },
  ],
  hooks: {
    beforeChange: [
      async ({ data, originalDoc, req }) => {
        // The title is the customer's address, which editors search by (status and plan have their own columns);
        // `user: null` in the update means the account was purged: the title keeps no e-mail either.
        const userRef: unknown = data.user === undefined ? originalDoc?.user : data.user
        const userId = typeof userRef === 'object' && userRef !== null ? (userRef as { id: number }).id : userRef
        if (typeof userId === 'number') {
          const user = await req.payload.findByID({ collection: 'users', id: userId, depth: 0, req })
          data.title = user.email
        } else {
          data.title = `#${String(originalDoc?.id ?? '')}`
        }
        return data
      },
    ],
  },
  fields: [
    { name: 'title', label: { ru: 'E-mail покупателя', en: 'Customer e-mail' }, type: 'text', index: true, admin: { hidden: true } },
    {
      type: 'row',
      fields: [
        {
          name: 'user',
          label: { ru: 'Пользователь', en: 'User' },
          type: 'relationship',
          relationTo: 'users',
          index: true,
          access: providerOwned,
          // Empty once the account is purged: the payment record stays, anonymized.
          admin: { allowCreate: false, description: { ru: 'Пусто, если аккаунт удалён (запись об оплате обезличена)', en: 'Empty once the account is removed (the payment record is anonymized)' } },
        },
        {
          name: 'tariff',
          label: { ru: 'Тариф', en: 'Plan' },
          type: 'relationship',
          relationTo: 'tariffs',
          required: true,
          access: providerOwned,
          admin: { allowCreate: false, components: { Cell: '/components/admin/PlanCell#PlanCell' } },
        },
      ],
    },
    {
      name: 'status',
      label: { ru: 'Статус', en: 'Status' },
      type: 'select',
      required: true,
      index: true,
      options: SUBSCRIPTION_STATUS_OPTIONS,
      access: billingOwned,
    },
    {
      type: 'row',
      fields: [
        { name: 'trialEndsAt', label: { ru: 'Конец пробного периода', en: 'Trial ends at' }, type: 'date', access: billingOwned },
        {
          name: 'currentPeriodEnd',
          label: { ru: 'Активна до', en: 'Active until' },
          type: 'date',
          index: true,
          access: billingOwned,
          admin: {
            date: { pickerAppearance: 'dayAndTime' },
            description: { ru: 'Продлить бесплатно — в блоке «Продление и отмена» справа', en: 'To extend for free: “Extend or cancel” on the right' },
          },
        },
        { name: 'nextPaymentAt', label: { ru: 'Следующий платёж', en: 'Next payment' }, type: 'date', access: billingOwned },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'cancelAtPeriodEnd', label: { ru: 'Автопродление отключено', en: 'Auto-renewal off' }, type: 'checkbox', defaultValue: false, access: billingOwned },
        { name: 'cancelDiscountUsed', label: { ru: 'Скидка при отмене использована', en: 'Cancel discount used' }, type: 'checkbox', defaultValue: false, access: providerOwned },
      ],
    },
    {
      name: 'provider',
      label: { ru: 'Платёжная система', en: 'Payment provider' },
      type: 'group',
      access: providerOwned,
      fields: [
        { name: 'name', label: { ru: 'Система', en: 'Provider' }, type: 'text' },
        { name: 'customerId', label: { ru: 'ID клиента', en: 'Customer id' }, type: 'text', index: true, access: { read: adminOnlyField } },
        { name: 'subscriptionId', label: { ru: 'ID подписки', en: 'Subscription id' }, type: 'text', unique: true, access: { read: adminOnlyField } },
        // YooKassa: the saved method renewals are charged from (an id at YooKassa, never card data). Telegram Stars: the
        // first payment's charge id, which names the Stars subscription to Telegram.
        { name: 'paymentMethodId', label: { ru: 'ID сохранённого способа оплаты', en: 'Saved payment method id' }, type: 'text', access: { read: adminOnlyField } },
        // A Telegram-only account has no address of its own: the one its buyer typed for the payment gets the 54-FZ
        // receipts of its renewals and refunds (src/lib/billing/providers/receipt.ts, receiptAddress).
        // Text, not Payload's e-mail type: the purchase form's rule (checkEmail) takes international domains in their
        // ASCII form (xn--…), which Payload's own pattern refuses.
        { name: 'receiptEmail', label: { ru: 'E-mail для чеков', en: 'E-mail for receipts' }, type: 'text', access: { read: adminOnlyField } },
      ],
    },
    {
      // The promo code the first payment was made with (src/lib/promo): what it gave, as the buyer was told.
      name: 'promo',
      label: { ru: 'Промокод', en: 'Promo code' },
      type: 'group',
      access: { read: staffOnlyField, update: () => false },
      admin: { condition: (data) => Boolean(data?.promo?.code) },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'code', label: { ru: 'Код', en: 'Code' }, type: 'relationship', relationTo: 'promo-codes', index: true, admin: { allowCreate: false } },
            { name: 'discountKopecks', label: { ru: 'Скидка (коп.)', en: 'Discount (kopecks)' }, type: 'number', min: 0, admin: { hidden: true } },
            moneyDisplayField({ name: 'discount', kopecks: 'discountKopecks', label: { ru: 'Скидка на первую оплату', en: 'Off the first payment' } }),
            { name: 'extraDays', label: { ru: 'Дополнительных дней', en: 'Extra days' }, type: 'number', min: 0 },
            { name: 'trialDays', label: { ru: 'Пробный период по коду (дней)', en: 'Trial by the code (days)' }, type: 'number', min: 0 },
          ],
        },
      ],
    },
    {
      // A trial waiting for the first device (src/lib/billing/record/heldTrial.ts): its days, until when it waits at most, and
      // when a device first connected (set by the subscription URL's poll; the trial then starts from it).
      name: 'trialHold',
      label: { ru: 'Пробный период ждёт первого подключения', en: 'Trial waiting for the first connection' },
      type: 'group',
      access: { update: () => false },
      admin: { condition: (data) => Boolean(data?.trialHold?.until) },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'days', label: { ru: 'Дней пробного периода', en: 'Trial days' }, type: 'number', min: 1 },
            { name: 'until', label: { ru: 'Начнётся не позже', en: 'Starts at the latest' }, type: 'date', index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
            { name: 'connectedAt', label: { ru: 'Первое подключение', en: 'First connection' }, type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
          ],
        },
      ],
    },
    {
      name: 'renewal',
      label: { ru: 'Автопродление', en: 'Renewal' },
      type: 'group',
      access: providerOwned,
      admin: {
        condition: (data) => data?.provider?.name === 'yookassa' || data?.provider?.name === 'telegram-stars',
        description: { ru: 'Продление списывает сайт: цена и срок — те, на которые согласился покупатель', en: 'The site charges renewals: the price and period the buyer agreed to' },
      },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'amountKopecks', label: { ru: 'Цена продления (коп.)', en: 'Renewal price (kopecks)' }, type: 'number', min: 0, admin: { hidden: true } },
            moneyDisplayField({ name: 'amount', kopecks: 'amountKopecks', label: { ru: 'Цена продления', en: 'Renewal price' } }),
            { name: 'months', label: { ru: 'Срок (мес.)', en: 'Period (months)' }, type: 'number', min: 1 },
            // Telegram Stars: what each period costs (Telegram charges the price the buyer subscribed at).
            { name: 'stars', label: { ru: 'Цена продления (⭐)', en: 'Renewal price (⭐)' }, type: 'number', min: 0, admin: { condition: (data) => data?.provider?.name === 'telegram-stars' } },
            { name: 'discountPercent', label: { ru: 'Разовая скидка на следующее списание (%)', en: 'One-time discount on the next charge (%)' }, type: 'number', min: 0, max: 100 },
            { name: 'failedCharges', label: { ru: 'Неудачных попыток', en: 'Failed attempts' }, type: 'number', defaultValue: 0, min: 0 },
          ],
        },
        { name: 'trialReminderSentAt', label: { ru: 'Напоминание о конце пробного периода отправлено', en: 'Trial-ending reminder sent' }, type: 'date' },
      ],
    },
    {
      name: 'paymentMethod',
      label: { ru: 'Способ оплаты', en: 'Payment method' },
      type: 'group',
      access: providerOwned,
      fields: [
        {
          type: 'row',
          fields: [
            {
              name: 'kind',
              label: { ru: 'Способ', en: 'Method' },
              type: 'select',
              options: [
                { value: 'card', label: { ru: 'Банковская карта', en: 'Bank card' } },
                { value: 'sbp', label: { ru: 'СБП', en: 'SBP' } },
                { value: 'sberpay', label: 'SberPay' },
                { value: 'yoomoney', label: { ru: 'ЮMoney', en: 'YooMoney' } },
              ],
            },
            { name: 'brand', label: { ru: 'Карта', en: 'Card' }, type: 'text' },
            { name: 'last4', label: { ru: 'Последние 4 цифры', en: 'Last 4' }, type: 'text' },
            { name: 'validUntil', label: { ru: 'Действует до', en: 'Valid until' }, type: 'text' },
          ],
        },
      ],
    },
    {
      name: 'history',
      label: { ru: 'История и платежи', en: 'History and payments' },
      type: 'join',
      collection: 'subscription-events',
      on: 'subscription',
      defaultSort: '-occurredAt',
      access: { read: staffOnlyField },
      admin: { defaultColumns: ['occurredAt', 'type', 'amount', 'amountStars', 'note'] },
    },
    // Staff extend or cancel here (src/lib/billing/record/editorChange.ts).
    {
      name: 'change',
      type: 'ui',
      admin: { position: 'sidebar', condition: (data) => Boolean(data?.id), components: { Field: '/components/admin/SubscriptionChange#SubscriptionChange' } },
    },
    // Staff return money from a payment here (src/lib/billing/record/refund.ts).
    {
      name: 'refund',
      type: 'ui',
      admin: { position: 'sidebar', condition: (data) => Boolean(data?.id), components: { Field: '/components/admin/SubscriptionRefund#SubscriptionRefund' } },
    },
    // The owner's devices counted by HWID, which staff remove or reset here (src/lib/feeds/devices.ts).
    {
      name: 'devices',
      type: 'ui',
      admin: { position: 'sidebar', condition: (data) => Boolean(data?.id), components: { Field: '/components/admin/SubscriptionDevices#SubscriptionDevices' } },
    },
  ],
}
