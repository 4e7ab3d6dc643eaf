// One-time e-mail link tokens, stored only as a hash.
import type { CollectionConfig } from 'payload'

import { adminOnly } from '../access/adminOnly'
import { isAdminUser } from '../access/roles'

export const AuthTokens: CollectionConfig = {
  slug: 'auth-tokens',
  labels: {
    singular: { ru: 'Ссылка входа', en: 'Sign-in link' },
    plural: { ru: 'Ссылки входа', en: 'Sign-in links' },
  },
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['email', 'purpose', 'expiresAt', 'usedAt'],
    group: { ru: 'Служебное', en: 'System' },
    hidden: ({ user }) => !isAdminUser(user),
  },
  access: { read: adminOnly, create: adminOnly, update: adminOnly, delete: adminOnly },
  fields: [
    { name: 'tokenHash', label: { ru: 'Хеш ссылки', en: 'Link hash' }, type: 'text', required: true, unique: true, admin: { readOnly: true } },
    {
      name: 'purpose',
      label: { ru: 'Назначение', en: 'Purpose' },
      type: 'select',
      required: true,
      // activation: the sign-in link in the purchase e-mail; purchase: the link that opens a checkout (billing/checkout);
      // telegram-link: the bot's /start link that links a Telegram account to this one (src/lib/auth/telegramAccounts.ts).
      options: [
        { value: 'register', label: { ru: 'Регистрация', en: 'Registration' } },
        { value: 'login', label: { ru: 'Вход', en: 'Sign-in' } },
        { value: 'change-email', label: { ru: 'Смена e-mail', en: 'E-mail change' } },
        { value: 'activation', label: { ru: 'Вход после оплаты', en: 'Sign-in after payment' } },
        { value: 'purchase', label: { ru: 'Покупка', en: 'Purchase' } },
        { value: 'telegram-link', label: { ru: 'Привязка Telegram', en: 'Telegram link' } },
      ],
    },
    { name: 'email', label: { ru: 'E-mail', en: 'E-mail' }, type: 'email', required: true, index: true },
    { name: 'user', label: { ru: 'Пользователь', en: 'User' }, type: 'relationship', relationTo: 'users' },
    { name: 'newEmail', label: { ru: 'Новый e-mail', en: 'New e-mail' }, type: 'email' },
    {
      name: 'locale',
      label: { ru: 'Язык', en: 'Language' },
      type: 'select',
      options: [
        { value: 'ru', label: 'Русский' },
        { value: 'en', label: 'English' },
      ],
      defaultValue: 'ru',
    },
    {
      name: 'next',
      label: { ru: 'Страница после входа', en: 'Page after confirming' },
      type: 'text',
      admin: { description: { ru: 'Путь на сайте, который откроется после перехода по ссылке', en: 'Relative path to open after confirming' } },
    },
    { name: 'expiresAt', label: { ru: 'Действует до', en: 'Expires at' }, type: 'date', required: true, index: true },
    { name: 'usedAt', label: { ru: 'Использована', en: 'Used at' }, type: 'date' },
  ],
}
