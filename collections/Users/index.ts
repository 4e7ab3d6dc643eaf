// Accounts: customers sign in on the site; editors and admins also enter /admin.
import type { CollectionConfig, PayloadRequest } from 'payload'
import { addDataAndFileToRequest, APIError, Forbidden } from 'payload'

import { adminOnly } from '../access/adminOnly'
import { adminOnlyField } from '../access/adminOnlyField'
import { isAdminUser, isStaff } from '../access/roles'
import { staffOnlyField } from '../access/staffOnlyField'
import { SUBSCRIPTION_STATUS_OPTIONS } from '../options'
import { adminOrSelf, staffOrSelf } from '../access/staffOrSelf'
import { locales } from '@/i18n/locales'
import { restoreDeadline } from '@/lib/auth/deletionWindow'
import { clearPasswordAttempts, consumeLinkAllowance, consumePasswordAttempt } from '@/lib/http/rateLimit'
import { env } from '@/lib/env'
import { clientIp } from '@/lib/http/clientIp'
import { spendPasswordCheck } from '@/lib/auth/loginTiming'
import { deliverMail } from '@/lib/mail/deliver'
import { renderLinkMail } from '@/lib/mail/templates'

/**
 * The admin's password reset, for a staff address only: Payload's reset link, in the site's own mail (its name, text
 * and HTML, in the language of the admin that asked), not Payload's built-in one (a fixed sender, HTML only, one
 * language).
 */
async function mailStaffPasswordReset(req: PayloadRequest, email: string): Promise<void> {
  try {
    const found = await req.payload.find({ collection: 'users', where: { email: { equals: email } }, limit: 1, depth: 0 })
    if (!found.docs[0] || !isStaff(found.docs[0])) return
    // A Local API request of its own (the visitor's has been answered).
    const token = await req.payload.forgotPassword({ collection: 'users', data: { email }, disableEmail: true, req: { i18n: req.i18n, t: req.t } })
    if (!token) return
    const locale = req.i18n?.language === 'en' ? 'en' : 'ru'
    const { siteName } = await req.payload.findGlobal({ slug: 'site-settings', locale, depth: 0, select: { siteName: true } })
    const link = `${env().serverUrl}${req.payload.config.routes.admin}/reset/${token}`
    await deliverMail(req.payload, email, await renderLinkMail({ kind: 'staffReset', locale, siteName, link }))
  } catch (error) {
    req.payload.logger.error({ err: error, msg: 'Password reset mail not sent' })
  }
}

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
    // No lockout by Payload: it counts failures from anywhere, so any stranger could keep an owner locked out
    // forever. Guesses are limited per account and address instead (the beforeOperation hook below).
    maxLoginAttempts: 0,
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
      // e-mail link. Every address gets the same answer at once, and the mail (for staff alone) is sent after it,
      // so neither the answer nor its timing tells whose address it is.
      path: '/forgot-password',
      method: 'post',
      handler: async (req) => {
        await addDataAndFileToRequest(req)
        const email = typeof req.data?.email === 'string' ? req.data.email.trim().toLowerCase() : ''
        const allowance = email ? await consumeLinkAllowance(req.payload, { email, ip: clientIp(req.headers) }) : { ok: true as const }
        if (!allowance.ok) return Response.json({ errors: [{ message: 'tooManyAttempts', data: { retryAfterSeconds: allowance.retryAfterSeconds } }] }, { status: 429 })
        if (email) void mailStaffPasswordReset(req, email)
        return Response.json({ message: req.t('general:success') })
      },
    },
  ],
  hooks: {
    // Over the API (the Local API, for scripts and tests, is not limited): Payload's own reset refused, a password
    // set only by admins or the account's form, and password guesses limited per account and network address (in
    // PostgreSQL, so every instance counts the same), an unknown address answered as slowly as a known one.
    beforeOperation: [
      async ({ operation, args, req }) => {
        if (req.payloadAPI === 'local') return args
        // Payload's own reset (GraphQL's forgotPasswordUser) would mail anyone, customers included: only the
        // endpoint above, for staff, sends it.
        if (operation === 'forgotPassword') throw new Forbidden(req.t)
        // A password is changed through the account's form (recent sign-in or the current password, other sessions
        // ended, the owner told: src/lib/auth/passwordChange.ts), never by a PATCH with a session alone; admins
        // may still set one in the admin panel.
        if (operation === 'update' && args.data && 'password' in args.data && !isAdminUser(req.user)) throw new Forbidden(req.t)
        if (operation !== 'login') return args
        const email = typeof args.data?.email === 'string' ? args.data.email.trim().toLowerCase() : ''
        const allowance = await consumePasswordAttempt(req.payload, { email, ip: clientIp(req.headers) })
        if (!allowance.ok) {
          const { retryAfterSeconds, passwordPaused } = allowance
          throw new APIError(passwordPaused ? 'passwordPaused' : 'tooManyAttempts', 429, { retryAfterSeconds, passwordPaused }, true)
        }
        const known = await req.payload.count({ collection: 'users', where: { email: { equals: email } } })
        if (known.totalDocs === 0) await spendPasswordCheck(typeof args.data?.password === 'string' ? args.data.password : '')
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
        if (req.payloadAPI !== 'local') await clearPasswordAttempts(req.payload, { email: String(user.email), ip: clientIp(req.headers) })
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
    // Payload keeps no lockout now (maxLoginAttempts 0); its unlock operation stays for admins only all the same.
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
      // Admins always get the problem alerts (src/lib/alerts); an editor chooses to.
      name: 'staffAlerts',
      label: { ru: 'Оповещения о сбоях по e-mail', en: 'Problem alerts by e-mail' },
      type: 'checkbox',
      defaultValue: false,
      access: { read: staffOnlyField, create: staffOnlyField, update: staffOnlyField },
      admin: {
        condition: (data) => data?.role === 'editor',
        description: {
          ru: 'Письмо, когда сервер недоступен, ключи закончились, платежи или почта не проходят, и когда всё снова работает',
          en: 'An e-mail when a server is down, keys run out, payments or mail fail, and when all works again',
        },
      },
    },
    {
      name: 'emailVerified',
      label: { ru: 'E-mail подтверждён', en: 'E-mail verified' },
      type: 'checkbox',
      defaultValue: false,
      access: { update: adminOnlyField },
    },
    {
      // The Telegram account linked to this one (src/lib/auth/telegramAccounts.ts): set only by the site, from a
      // Login Widget sign-in or the bot's one-time link; admins may clear it to unlink.
      name: 'telegramId',
      label: { ru: 'Telegram ID', en: 'Telegram ID' },
      type: 'text',
      unique: true,
      index: true,
      access: { create: () => false, update: adminOnlyField },
      admin: { position: 'sidebar', description: { ru: 'Связанный аккаунт Telegram', en: 'The linked Telegram account' } },
    },
    {
      name: 'telegramUsername',
      label: { ru: 'Имя в Telegram', en: 'Telegram username' },
      type: 'text',
      access: { create: () => false, update: () => false },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      // Where a Telegram-linked account's notices go (src/lib/bot/notices.ts): the bot, unless the owner turns it off.
      name: 'telegramNotices',
      label: { ru: 'Уведомления в Telegram', en: 'Notices in Telegram' },
      type: 'checkbox',
      defaultValue: true,
      admin: { position: 'sidebar', condition: (data) => Boolean(data?.telegramId) },
    },
    {
      // Part of the secret of the personal subscription URL; a new value revokes the old URL.
      name: 'subscriptionUrlNonce',
      type: 'text',
      admin: { hidden: true },
      access: { read: () => false, create: () => false, update: () => false },
    },
    {
      // The subscriber's referral link's code (src/lib/referral), made the first time the account page or the bot
      // shows the link; the site alone writes it.
      name: 'referralCode',
      label: { ru: 'Код приглашения', en: 'Referral code' },
      type: 'text',
      unique: true,
      index: true,
      admin: { readOnly: true, position: 'sidebar' },
      access: { create: () => false, update: () => false },
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
