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
    { name: 'tokenHash', type: 'text', required: true, unique: true, admin: { readOnly: true } },
    {
      name: 'purpose',
      type: 'select',
      required: true,
      // activation: the sign-in link in the purchase e-mail; purchase: the link that opens a checkout (billing/checkout).
      options: ['register', 'login', 'change-email', 'activation', 'purchase'],
    },
    { name: 'email', type: 'email', required: true, index: true },
    { name: 'user', type: 'relationship', relationTo: 'users' },
    { name: 'newEmail', type: 'email' },
    { name: 'locale', type: 'select', options: ['ru', 'en'], defaultValue: 'ru' },
    { name: 'next', type: 'text', admin: { description: 'Relative path to open after confirming' } },
    { name: 'expiresAt', type: 'date', required: true, index: true },
    { name: 'usedAt', type: 'date' },
  ],
}
