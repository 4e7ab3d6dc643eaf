// VPN access keys, free and VIP: the rows of every public key table and of "My servers".
import type { CollectionConfig } from 'payload'

import { z } from 'zod'

import { adminT } from '@/lib/admin/adminMessages'
import { boundedBytes } from '@/lib/http/boundedBody'
import { IMPORT_MAX_BODY_BYTES } from '@/lib/keys/importLimits'
import { currentFreeKeysWhere } from '@/lib/keys/visibility'
import { isStaff } from '../access/roles'
import { staffOnly } from '../access/staffOnly'
import { staffOnlyField } from '../access/staffOnlyField'
import { revalidateKeyData } from '../hooks/revalidatePublicData'
import { protocolOptions, reachOptions, tierOptions } from '../options'
import { deriveKeyFields } from './hooks/deriveKeyFields'
import { noteKeyChange, noteKeyRemoval } from '@/lib/vip/keyChangeNotices'

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** What the admin's import form sends: a server, links and/or files, and until when the keys are listed (null: until removed). */
const importRequest = z.object({
  server: z.coerce.number().int().positive(),
  text: z.string().max(1_000_000).default(''),
  files: z.array(z.object({ name: z.string().max(255), content: z.string() })).max(500).default([]),
  expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
  acceptOtherHost: z.boolean().default(false),
})

export const Keys: CollectionConfig = {
  slug: 'keys',
  labels: {
    singular: { ru: 'Ключ', en: 'Key' },
    plural: { ru: 'Ключи', en: 'Keys' },
  },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'country', 'protocol', 'tier', 'expiresAt', 'revokedAt'],
    listSearchableFields: ['title', 'keyString', 'deviceLabel'],
    group: { ru: 'Ключи', en: 'Keys' },
    components: { beforeListTable: ['/components/admin/KeysImport#KeysImport'] },
  },
  defaultSort: '-createdAt',
  access: {
    read: ({ req: { user, payloadAPI } }) => {
      if (isStaff(user)) return true
      // Payload's generic REST and GraphQL API of keys is the admin's: any sort or filter of it by a stranger costs a
      // scan of the whole table (at 100,000 keys 120–550 ms a request even 100 at a time, SECURITY.md). Visitors get keys
      // from the pages and the feeds (/api/feed/…), subscribers theirs from My servers and the subscription URL.
      if (payloadAPI !== 'local') return false
      // A subscriber also sees their own device keys until they are revoked (never anyone else's).
      if (user) return { or: [currentFreeKeysWhere(), { and: [{ owner: { equals: user.id } }, { revokedAt: { exists: false } }] }] }
      return currentFreeKeysWhere()
    },
    create: staffOnly,
    update: staffOnly,
    delete: staffOnly,
  },
  endpoints: [
    {
      // The bulk import above the keys list in the admin: share links and config files for a server.
      path: '/import',
      method: 'post',
      handler: async (req) => {
        if (!isStaff(req.user)) return Response.json({ error: 'forbidden' }, { status: 403 })
        const t = adminT(req)
        // Read no further than the bound (what nginx lets through too): a larger import is one short answer.
        const bytes = await boundedBytes(req, IMPORT_MAX_BODY_BYTES).catch(() => null)
        if (bytes === null) return Response.json({ error: t('import.tooLarge') }, { status: 413 })
        const parsed = importRequest.safeParse(parseJson(new TextDecoder().decode(bytes)))
        if (!parsed.success) {
          const tooBig = parsed.error.issues.some((issue) => issue.code === 'too_big')
          return Response.json({ error: t(tooBig ? 'import.tooLarge' : 'import.invalid') }, { status: tooBig ? 413 : 400 })
        }
        const { server, text, files, expiresAt, acceptOtherHost } = parsed.data
        const until = expiresAt === null ? null : new Date(expiresAt)
        if (until !== null && !(until.getTime() > Date.now() && until.getTime() <= Date.now() + 366 * 24 * 3_600_000)) {
          return Response.json({ error: t('import.expiresInPast') }, { status: 400 })
        }
        const { importKeys } = await import('@/lib/provisioning/manualImport')
        const report = await importKeys(req.payload, { serverId: server, text, files, expiresAt: until, acceptOtherHost }, t)
        return report ? Response.json(report) : Response.json({ error: t('import.serverMissing') }, { status: 404 })
      },
    },
  ],
  indexes: [{ fields: ['tier', 'protocol', 'country', 'expiresAt'] }, { fields: ['owner', 'revokedAt'] }],
  hooks: {
    beforeChange: [deriveKeyFields],
    // A subscriber is told when their VIP keys change (src/lib/vip/keyChangeNotices.ts).
    afterChange: [revalidateKeyData, noteKeyChange],
    afterDelete: [revalidateKeyData, noteKeyRemoval],
  },
  fields: [
    {
      name: 'title',
      type: 'text',
      label: { ru: 'Ключ', en: 'Key' },
      admin: { readOnly: true, description: { ru: 'Составляется автоматически', en: 'Filled in automatically' } },
    },
    {
      type: 'row',
      fields: [
        {
          name: 'server',
          label: { ru: 'Сервер', en: 'Server' },
          type: 'relationship',
          relationTo: 'servers',
          required: true,
          index: true,
          admin: { allowCreate: false },
        },
        {
          name: 'country',
          label: { ru: 'Страна', en: 'Country' },
          type: 'relationship',
          relationTo: 'countries',
          index: true,
          admin: { readOnly: true, description: { ru: 'Берётся из сервера', en: 'Taken from the server' } },
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'protocol',
          label: { ru: 'Протокол', en: 'Protocol' },
          type: 'select',
          options: protocolOptions,
          required: true,
          index: true,
          // Hysteria 2 keys are subscribers' only (src/lib/keys/types.ts, LISTED_PROTOCOLS).
          validate: (value: unknown, { req, siblingData }: { req: Parameters<typeof adminT>[0]; siblingData: { tier?: string | null } }) =>
            value !== 'hysteria2' || siblingData.tier === 'vip' ? true : adminT(req)('vipOnlyProtocol'),
        },
        { name: 'tier', label: { ru: 'Тип', en: 'Tier' }, type: 'select', options: tierOptions, required: true, defaultValue: 'free', index: true },
      ],
    },
    {
      type: 'row',
      admin: { condition: (data) => data?.tier === 'vip' },
      fields: [
        { name: 'owner', label: { ru: 'Владелец', en: 'Owner' }, type: 'relationship', relationTo: 'users', index: true, admin: { allowCreate: false } },
        { name: 'deviceLabel', label: { ru: 'Устройство', en: 'Device' }, type: 'text', maxLength: 60 },
      ],
    },
    {
      // A VIP server's test key, made and replaced by the site for probes (src/lib/probes/vipKeys.ts): no owner, never
      // listed, lent only to probes allowed to check VIP servers.
      name: 'forProbes',
      label: { ru: 'Тестовый ключ для проб', en: 'Test key for probes' },
      type: 'checkbox',
      defaultValue: false,
      index: true,
      access: { create: () => false, update: () => false },
      admin: { condition: (data) => data?.tier === 'vip', readOnly: true, position: 'sidebar' },
    },
    {
      name: 'keyString',
      label: { ru: 'Ключ (ссылка)', en: 'Key (share link)' },
      type: 'textarea',
      admin: { description: { ru: 'vless://, ss://, trojan:// — то, что копирует пользователь', en: 'vless://, ss://, trojan:// — what the user copies' } },
    },
    {
      name: 'configFile',
      label: { ru: 'Файл конфигурации', en: 'Configuration file' },
      type: 'group',
      fields: [
        { name: 'filename', label: { ru: 'Имя файла', en: 'File name' }, type: 'text' },
        { name: 'content', label: { ru: 'Содержимое', en: 'Content' }, type: 'code', admin: { language: 'ini' } },
      ],
    },
    {
      name: 'connection',
      label: { ru: 'Параметры подключения', en: 'Connection parameters' },
      type: 'group',
      admin: { condition: (data) => data?.protocol === 'sstp' || data?.protocol === 'openvpn' },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'host', label: { ru: 'Сервер', en: 'Server' }, type: 'text' },
            { name: 'port', label: { ru: 'Порт', en: 'Port' }, type: 'number', min: 1, max: 65535 },
            { name: 'login', label: { ru: 'Логин', en: 'Login' }, type: 'text' },
            { name: 'password', label: { ru: 'Пароль', en: 'Password' }, type: 'text' },
          ],
        },
      ],
    },
    {
      name: 'expiresAt',
      label: { ru: 'Действует до', en: 'Expires at' },
      type: 'date',
      index: true,
      admin: {
        position: 'sidebar',
        date: { pickerAppearance: 'dayAndTime' },
        description: { ru: 'Пусто — без ограничения', en: 'Empty means unlimited' },
      },
    },
    {
      name: 'revokedAt',
      label: { ru: 'Отозван', en: 'Revoked at' },
      type: 'date',
      index: true,
      admin: { position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      // A subscriber's revocation waits this long before it reaches the server, so "Undo" can bring the key back.
      name: 'revokeOnServerAfter',
      label: { ru: 'Отзыв на сервере — после', en: 'Revoked on the server after' },
      type: 'date',
      index: true,
      access: { read: staffOnlyField },
      admin: {
        position: 'sidebar',
        readOnly: true,
        date: { pickerAppearance: 'dayAndTime' },
        description: { ru: 'Пока не наступило, владелец может вернуть ключ', en: 'Until then the owner may undo the revocation' },
      },
    },
    {
      name: 'revokeError',
      label: { ru: 'Отзыв на сервере не удался', en: 'Revoking on the server failed' },
      type: 'textarea',
      access: { read: staffOnlyField },
      admin: {
        position: 'sidebar',
        readOnly: true,
        description: { ru: 'Ключ уже скрыт; ротация повторяет отзыв, пока сервер не примет', en: 'Already hidden; the rotation retries until the server accepts' },
      },
    },
    {
      name: 'serverDown',
      label: { ru: 'Сервер недоступен (ключ скрыт)', en: 'Server down (key hidden)' },
      type: 'checkbox',
      defaultValue: false,
      index: true,
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      // The last check through a real connection (src/lib/liveness): a client started from the key fetched a page.
      name: 'liveness',
      label: { ru: 'Проверка подключением', en: 'Connection check' },
      type: 'group',
      admin: { position: 'sidebar', readOnly: true },
      fields: [
        { name: 'checkedAt', label: { ru: 'Проверен', en: 'Checked at' }, type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
        { name: 'ok', label: { ru: 'Подключился', en: 'Connected' }, type: 'checkbox' },
        { name: 'latencyMs', label: { ru: 'Время ответа через ключ (мс)', en: 'Response time through the key (ms)' }, type: 'number', access: { read: staffOnlyField } },
        { name: 'exitCountry', label: { ru: 'Страна выхода', en: 'Exit country' }, type: 'text', access: { read: staffOnlyField } },
        {
          name: 'failures',
          label: { ru: 'Неудачных проверок подряд', en: 'Failed checks in a row' },
          type: 'number',
          index: true,
          admin: { description: { ru: 'Со второй подряд ключ скрыт с сайта, пока не пройдёт проверку', en: 'From the second in a row the key is hidden from the site until it passes' } },
        },
        { name: 'detail', label: { ru: 'Подробности', en: 'Details' }, type: 'text', access: { read: staffOnlyField } },
        {
          // When the check last took up this key, checked or not (a key no client here speaks is skipped): the next
          // run starts with the keys it has waited longest for, so skipped keys never crowd out the rest.
          name: 'attemptedAt',
          label: { ru: 'Проверка пыталась', en: 'Last attempt' },
          type: 'date',
          index: true,
          access: { read: staffOnlyField },
          admin: { date: { pickerAppearance: 'dayAndTime' } },
        },
      ],
    },
    {
      // What the probes inside the visitors' country (Site settings) found (src/lib/probes/reach.ts): whether the key
      // works from there, on which networks, and how often over the week. Written by the probes' reports only.
      name: 'reach',
      label: { ru: 'Проверка из сетей посетителей', en: 'Check from the visitors’ networks' },
      type: 'group',
      admin: { position: 'sidebar', readOnly: true },
      fields: [
        { name: 'state', label: { ru: 'Итог', en: 'Verdict' }, type: 'select', index: true, options: reachOptions },
        { name: 'country', label: { ru: 'Страна проверок', en: 'Checked from' }, type: 'text', admin: { hidden: true } },
        { name: 'worksOn', label: { ru: 'Работает в сетях', en: 'Works on' }, type: 'text' },
        { name: 'blockedOn', label: { ru: 'Заблокирован в сетях', en: 'Blocked on' }, type: 'text' },
        { name: 'checkedAt', label: { ru: 'Проверен', en: 'Checked at' }, type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
        { name: 'uptimeWeek', label: { ru: 'Работал за 7 дней, %', en: 'Worked over 7 days, %' }, type: 'number' },
        {
          // Written by the health job where the panel tells the key's use (src/lib/probes/keyTakes.ts).
          name: 'suspectSince',
          label: { ru: 'Берут, но не подключаются — с', en: 'Taken but unused since' },
          type: 'date',
          index: true,
          access: { read: staffOnlyField },
          admin: {
            date: { pickerAppearance: 'dayAndTime' },
            description: {
              ru: 'Ключ много раз копировали и скачивали, а сервер не видит по нему трафика: вероятно, у посетителей он не работает. Такой ключ стоит в списках ниже проверенных.',
              en: 'The key was copied and downloaded many times, yet its server sees no traffic on it: visitors probably cannot connect. Such a key is listed below the proven ones.',
            },
          },
        },
      ],
    },
    {
      // Phone-ready protocols first in the public lists (src/lib/keys/listOrder.ts); set from the protocol on save.
      name: 'listRank',
      label: { ru: 'Место в списке', en: 'List rank' },
      type: 'number',
      index: true,
      admin: { hidden: true, disableListColumn: true, disableListFilter: true },
    },
    {
      name: 'providerRef',
      label: { ru: 'Идентификатор на сервере', en: 'Id on the server' },
      type: 'text',
      access: { read: staffOnlyField },
      admin: { position: 'sidebar', readOnly: true },
    },
  ],
}
