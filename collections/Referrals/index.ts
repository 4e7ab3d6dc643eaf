// Who came by whose referral link (src/lib/referral): one row per friend, written by the site alone (the friend's
// first subscription makes it, its first full payment decides it, a refund of that payment takes it back). Staff read
// it; nobody writes it through the API, so no reward can be made or moved by hand past the subscriptions' history.
import type { CollectionConfig } from 'payload'

import { staffOnly } from '../access/staffOnly'

const never = () => false

const user = (name: string, label: { ru: string; en: string }, extra: Record<string, unknown> = {}) =>
  ({ name, label, type: 'relationship', relationTo: 'users', required: true, index: true, admin: { readOnly: true, allowCreate: false }, ...extra }) as const

export const Referrals: CollectionConfig = {
  slug: 'referrals',
  labels: {
    singular: { ru: 'Приглашение', en: 'Referral' },
    plural: { ru: 'Приглашения', en: 'Referrals' },
  },
  admin: {
    useAsTitle: 'createdAt',
    defaultColumns: ['createdAt', 'referrer', 'friend', 'status', 'refusal', 'referrerDays'],
    group: { ru: 'VIP', en: 'VIP' },
    description: {
      ru: 'Друг, пришедший по ссылке подписчика, и награда за его первую полную оплату. Дни начисляются обоим и списываются обратно при возврате этой оплаты.',
      en: 'A friend who came by a subscriber’s link, and the reward for their first full payment. Both get days; a refund of that payment takes them back.',
    },
  },
  defaultSort: '-createdAt',
  access: { read: staffOnly, create: never, update: never, delete: never },
  fields: [
    user('referrer', { ru: 'Пригласил', en: 'Referrer' }),
    user('friend', { ru: 'Друг', en: 'Friend' }, { unique: true }),
    {
      name: 'status',
      label: { ru: 'Статус', en: 'Status' },
      type: 'select',
      required: true,
      defaultValue: 'pending',
      index: true,
      options: [
        { value: 'pending', label: { ru: 'Ждёт первой полной оплаты', en: 'Waiting for the first full payment' } },
        { value: 'rewarded', label: { ru: 'Награда начислена', en: 'Rewarded' } },
        { value: 'refused', label: { ru: 'Без награды', en: 'Not rewarded' } },
        { value: 'revoked', label: { ru: 'Награда списана (возврат)', en: 'Taken back (refund)' } },
      ],
      admin: { readOnly: true },
    },
    {
      name: 'refusal',
      label: { ru: 'Почему без награды', en: 'Why not rewarded' },
      type: 'select',
      options: [
        { value: 'self', label: { ru: 'Тот же аккаунт', en: 'The same account' } },
        { value: 'sameEmail', label: { ru: 'Тот же почтовый ящик или похожий адрес', en: 'The same mailbox or a look-alike address' } },
        { value: 'sameMethod', label: { ru: 'Тот же способ оплаты', en: 'The same payment method' } },
        { value: 'sameDevice', label: { ru: 'То же устройство', en: 'The same device' } },
        { value: 'refunded', label: { ru: 'Оплата возвращена', en: 'The payment was refunded' } },
        { value: 'off', label: { ru: 'Награды выключены', en: 'Rewards were off' } },
      ],
      admin: { readOnly: true, condition: (data) => Boolean(data?.refusal) },
    },
    {
      type: 'row',
      fields: [
        { name: 'friendDays', label: { ru: 'Дней другу', en: 'Days to the friend' }, type: 'number', min: 0, admin: { readOnly: true } },
        { name: 'referrerDays', label: { ru: 'Дней пригласившему', en: 'Days to the referrer' }, type: 'number', min: 0, admin: { readOnly: true } },
        { name: 'capped', label: { ru: 'Месячный лимит пригласившего исчерпан', en: 'The referrer’s monthly cap was reached' }, type: 'checkbox', admin: { readOnly: true } },
      ],
    },
    {
      type: 'row',
      fields: [
        // What each side has been given so far: the settling job brings these to the days the status gives (0 once taken back).
        { name: 'friendGrantedDays', label: { ru: 'Начислено другу', en: 'Given to the friend' }, type: 'number', defaultValue: 0, admin: { readOnly: true } },
        { name: 'referrerGrantedDays', label: { ru: 'Начислено пригласившему', en: 'Given to the referrer' }, type: 'number', defaultValue: 0, admin: { readOnly: true } },
      ],
    },
    { name: 'friendSubscription', label: { ru: 'Подписка друга', en: 'Friend’s subscription' }, type: 'relationship', relationTo: 'subscriptions', index: true, admin: { readOnly: true, allowCreate: false } },
    { name: 'referrerSubscription', label: { ru: 'Подписка пригласившего', en: 'Referrer’s subscription' }, type: 'relationship', relationTo: 'subscriptions', admin: { readOnly: true, allowCreate: false } },
    { name: 'payment', label: { ru: 'Оплата, за которую награда', en: 'The payment rewarded' }, type: 'text', index: true, admin: { readOnly: true } },
    { name: 'decidedAt', label: { ru: 'Решено', en: 'Decided at' }, type: 'date', index: true, admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'revokedAt', label: { ru: 'Списано', en: 'Taken back at' }, type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
  ],
}
