// Accounts: customers sign in on the site; editors and admins also enter /admin.
import type { CollectionConfig } from 'payload'
import { addDataAndFileToRequest, APIError } from 'payload'

import { adminOnly } from '../access/adminOnly'
import { adminOnlyField } from '../access/adminOnlyField'
import { isStaff } from '../access/roles'
import { staffOnlyField } from '../access/staffOnlyField'
import { SUBSCRIPTION_STATUS_OPTIONS } from '../options'
import { adminOrSelf, staffOrSelf } from '../access/staffOrSelf'
import { locales } from '../../src/i18n/locales'
import { restoreDeadline } from '../../src/lib/auth/deletionWindow'
import { clearPasswordAttempts, consumePasswordAttempt } from '../../src/lib/auth/rateLimit'
import { env } from '../../src/lib/env'
import { clientIp } from '../../src/lib/http/clientIp'

export const Users: CollectionConfig = {
  slug: 'users',
  labels: {
    singular: { ru: 'Пользователь', en: 'User' },
    plural: { ru: 'Пользователи', en: 'Users' },
  },
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['email', 'role', 'vipStatus', 'emailVerified', 'createdAt'],
    group: { ru: 'Пользователи', en: 'Users' },
  },
  auth: {
    tokenExpiration: 60 * 60 * 24 * 30,
    useSessions: true,
    maxLoginAttempts: 10,
    lockTime: 10 * 60 * 1000,
    // Secure cookies whenever the site is served over HTTPS (always in production).
    cookies: { sameSite: 'Lax', secure: env().serverUrl.startsWith('https://') },
  },
  endpoints: [
    {
      // Payload's "create the first admin" endpoint would hand an empty production database to whoever comes
      // first, with any role; the first admin is made with `npm run create-admin` instead.
      path: '/first-register',
      method: 'post',
      handler: () => Response.json({ errors: [{ message: 'Forbidden: use npm run create-admin' }] }, { status: 403 }),
    },
    {
      // Payload's password reset mails a link into /admin: only staff have a use for it. Customers sign in by
      // e-mail link; for their addresses (and unknown ones) the answer is the same and nothing is sent.
      path: '/forgot-password',
      method: 'post',
      handler: async (req) => {
        await addDataAndFileToRequest(req)
        const email = typeof req.data?.email === 'string' ? req.data.email.trim().toLowerCase() : ''
        const found = email ? await req.payload.find({ collection: 'users', where: { email: { equals: email } }, limit: 1, depth: 0, req }) : null
        if (found?.docs[0] && isStaff(found.docs[0])) await req.payload.forgotPassword({ collection: 'users', data: { email }, req })
        return Response.json({ message: req.t('general:success') })
      },
    },
  ],
  hooks: {
    // Password guesses over the API are limited per account and per network address (in PostgreSQL, so every
    // instance counts the same), on top of Payload's own lockout; the Local API (scripts, tests) is not limited.
    beforeOperation: [
      async ({ operation, args, req }) => {
        if (operation !== 'login' || req.payloadAPI === 'local') return args
        const email = typeof args.data?.email === 'string' ? args.data.email.trim().toLowerCase() : ''
        const allowance = await consumePasswordAttempt(req.payload, { email, ip: clientIp(req.headers) })
        if (!allowance.ok) throw new APIError('tooManyAttempts', 429, { retryAfterSeconds: allowance.retryAfterSeconds }, true)
        return args
      },
    ],
    // Subscriptions are titled (and found in the admin) by the customer's address: they follow a change of it.
    afterChange: [
      async ({ doc, previousDoc, req, operation }) => {
        if (operation !== 'update' || !previousDoc?.email || previousDoc.email === doc.email) return doc
        await req.payload.update({ collection: 'subscriptions', where: { user: { equals: doc.id } }, data: { title: doc.email }, depth: 0, req })
        return doc
      },
    ],
    afterLogin: [
      async ({ user, req }) => {
        if (req.payloadAPI !== 'local') await clearPasswordAttempts(req.payload, String(user.email))
      },
    ],
    // A deleted account cannot sign in with a password; only an e-mail link restores it. The password was right
    // (Payload checks it first), so its owner is told what is going on and until when it can be restored.
    beforeLogin: [
      ({ user }) => {
        if (user.deletionRequestedAt) {
          throw new APIError('accountDeletionPending', 403, { restoreUntil: restoreDeadline(user.deletionRequestedAt).toISOString() }, true)
        }
        return user
      },
    ],
  },
  access: {
    admin: ({ req: { user } }) => isStaff(user),
    read: staffOrSelf,
    create: adminOnly,
    update: adminOrSelf,
    delete: adminOnly,
    // Resetting a lockout is for admins: for anyone else it would undo the limit on password guesses.
    unlock: adminOnly,
  },
  fields: [
    {
      // Customers change their address only through the confirmed change-e-mail flow (a link to the new address);
      // over Payload's API only admins may write it.
      name: 'email',
      type: 'email',
      access: { update: adminOnlyField },
    },
    {
      name: 'role',
      label: { ru: 'Роль', en: 'Role' },
      type: 'select',
      required: true,
      defaultValue: 'customer',
      saveToJWT: true,
      index: true,
      options: [
        { value: 'customer', label: { ru: 'Клиент', en: 'Customer' } },
        { value: 'editor', label: { ru: 'Редактор', en: 'Editor' } },
        { value: 'admin', label: { ru: 'Администратор', en: 'Admin' } },
      ],
      access: { create: adminOnlyField, update: adminOnlyField },
    },
    {
      name: 'locale',
      label: { ru: 'Язык писем', en: 'E-mail language' },
      type: 'select',
      defaultValue: 'ru',
      options: locales.map((value) => ({ value, label: value.toUpperCase() })),
    },
    {
      name: 'emailVerified',
      label: { ru: 'E-mail подтверждён', en: 'E-mail verified' },
      type: 'checkbox',
      defaultValue: false,
      access: { update: adminOnlyField },
    },
    {
      // Part of the secret of the personal subscription URL; a new value revokes the old URL.
      name: 'subscriptionUrlNonce',
      type: 'text',
      admin: { hidden: true },
      access: { read: () => false, create: () => false, update: () => false },
    },
    {
      name: 'marketingConsent',
      label: { ru: 'Согласие на рассылку', en: 'Marketing consent' },
      type: 'checkbox',
      defaultValue: false,
    },
    {
      // The latest subscription's status, for the users list (staff only; read when the list is shown).
      name: 'vipStatus',
      label: { ru: 'VIP', en: 'VIP' },
      type: 'select',
      virtual: true,
      options: SUBSCRIPTION_STATUS_OPTIONS,
      admin: { readOnly: true, position: 'sidebar' },
      access: { read: staffOnlyField },
      hooks: {
        afterRead: [
          async ({ data, req }) => {
            if (!isStaff(req.user) || typeof data?.id !== 'number') return undefined
            const latest = await req.payload.find({ collection: 'subscriptions', where: { user: { equals: data.id } }, sort: '-createdAt', limit: 1, depth: 0, select: { status: true }, req })
            return latest.docs[0]?.status ?? null
          },
        ],
      },
    },
    {
      type: 'collapsible',
      label: { ru: 'Подписки, платежи, ключи и история', en: 'Subscriptions, payments, keys and history' },
      admin: { condition: (data) => data?.role === 'customer' },
      fields: [
        { name: 'subscriptions', label: { ru: 'Подписки', en: 'Subscriptions' }, type: 'join', collection: 'subscriptions', on: 'user', access: { read: staffOnlyField }, admin: { defaultColumns: ['tariff', 'status', 'currentPeriodEnd', 'createdAt'] } },
        {
          name: 'history',
          label: { ru: 'История и платежи', en: 'History and payments' },
          type: 'join',
          collection: 'subscription-events',
          on: 'user',
          defaultSort: '-occurredAt',
          access: { read: staffOnlyField },
          admin: { defaultColumns: ['occurredAt', 'type', 'amount'] },
        },
        { name: 'deviceKeys', label: { ru: 'Ключи устройств', en: 'Device keys' }, type: 'join', collection: 'keys', on: 'owner', access: { read: staffOnlyField }, admin: { defaultColumns: ['title', 'deviceLabel', 'protocol', 'revokedAt'] } },
      ],
    },
    {
      name: 'deletionRequestedAt',
      label: { ru: 'Удаление запрошено', en: 'Deletion requested at' },
      type: 'date',
      index: true,
      admin: { position: 'sidebar', readOnly: true },
      access: { update: adminOnlyField },
    },
  ],
}
