// Activation history and payments of a subscription, shown to its owner.
import type { CollectionConfig } from 'payload'

import { countSubscriptionEvent } from '@/lib/metrics/instrument'
import { adminOnly } from '../access/adminOnly'
import { isStaff } from '../access/roles'
import { staffOrOwner } from '../access/staffOrOwner'
import { moneyDisplayField } from '../fields/money'

export const SubscriptionEvents: CollectionConfig = {
  slug: 'subscription-events',
  labels: {
    singular: { ru: 'Событие подписки', en: 'Subscription event' },
    plural: { ru: 'История подписок', en: 'Subscription history' },
  },
  admin: {
    // Named by when it happened (dates read in the admin's format); the event's kind is a translated column.
    useAsTitle: 'occurredAt',
    defaultColumns: ['occurredAt', 'type', 'user', 'amount'],
    group: { ru: 'VIP', en: 'VIP' },
  },
  defaultSort: '-occurredAt',
  hooks: { afterChange: [countSubscriptionEvent] },
  access: {
    read: staffOrOwner,
    create: adminOnly,
    update: adminOnly,
    delete: adminOnly,
  },
  fields: [
    { name: 'subscription', label: { ru: 'Подписка', en: 'Subscription' }, type: 'relationship', relationTo: 'subscriptions', required: true, index: true, admin: { allowCreate: false } },
    { name: 'user', label: { ru: 'Пользователь', en: 'User' }, type: 'relationship', relationTo: 'users', index: true, admin: { allowCreate: false } },
    {
      name: 'type',
      label: { ru: 'Событие', en: 'Event' },
      type: 'select',
      required: true,
      options: [
        { value: 'trial_started', label: { ru: 'Начат пробный период', en: 'Trial started' } },
        { value: 'activated', label: { ru: 'Активирована', en: 'Activated' } },
        { value: 'renewed', label: { ru: 'Продлена', en: 'Renewed' } },
        { value: 'payment_failed', label: { ru: 'Платёж не прошёл', en: 'Payment failed' } },
        { value: 'payment', label: { ru: 'Оплата', en: 'Payment' } },
        { value: 'refund', label: { ru: 'Возврат', en: 'Refund' } },
        { value: 'discount_applied', label: { ru: 'Применена скидка', en: 'Discount applied' } },
        { value: 'renewal_cancelled', label: { ru: 'Автопродление отключено', en: 'Auto-renewal cancelled' } },
        { value: 'renewal_resumed', label: { ru: 'Автопродление включено', en: 'Auto-renewal resumed' } },
        { value: 'cancelled', label: { ru: 'Отменена', en: 'Cancelled' } },
        { value: 'expired', label: { ru: 'Истекла', en: 'Expired' } },
        { value: 'extended_by_editor', label: { ru: 'Продлена редактором', en: 'Extended by an editor' } },
        { value: 'trial_started_on_connect', label: { ru: 'Пробный период начался с первого подключения', en: 'Trial started at the first connection' } },
        { value: 'cancelled_by_editor', label: { ru: 'Отменена редактором', en: 'Cancelled by an editor' } },
        { value: 'referral_reward', label: { ru: 'Дни за приглашение', en: 'Referral days' } },
        { value: 'referral_taken_back', label: { ru: 'Дни за приглашение списаны', en: 'Referral days taken back' } },
        { value: 'gift_redeemed', label: { ru: 'Активирован подарок', en: 'Gift redeemed' } },
      ],
    },
    { name: 'amountKopecks', label: { ru: 'Сумма (копеек)', en: 'Amount (kopecks)' }, type: 'number', admin: { hidden: true } },
    moneyDisplayField({ name: 'amount', kopecks: 'amountKopecks', label: { ru: 'Сумма', en: 'Amount' } }),
    // A payment or refund in Telegram Stars (src/lib/billing/providers/stars.ts): Stars, not kopecks.
    { name: 'amountStars', label: { ru: 'Сумма (⭐)', en: 'Amount (⭐)' }, type: 'number', min: 0, admin: { condition: (data) => typeof data?.amountStars === 'number' } },
    { name: 'invoiceId', label: { ru: 'Счёт у платёжной системы', en: 'Provider invoice' }, type: 'text', unique: true },
    // Who changed it by hand (an editor's address): staff only.
    { name: 'note', label: { ru: 'Комментарий', en: 'Note' }, type: 'text', access: { read: ({ req: { user } }) => isStaff(user) } },
    // The promo code a new subscription was bought with (src/lib/promo), on its first steps.
    { name: 'promo', label: { ru: 'Промокод', en: 'Promo code' }, type: 'relationship', relationTo: 'promo-codes', index: true, access: { read: ({ req: { user } }) => isStaff(user) }, admin: { allowCreate: false } },
    { name: 'occurredAt', label: { ru: 'Когда', en: 'When' }, type: 'date', required: true, index: true },
  ],
}
