// VPN nodes: where keys live, what they offer publicly, and (admins only) how we provision them.
import { APIError } from 'payload'
import type { CollectionBeforeDeleteHook, CollectionConfig, Where } from 'payload'

import { adminT } from '../../src/lib/admin/adminMessages'
import { isInternalAddress, isLocalHostName } from '../../src/lib/http/privateAddress'
import { adminOnlyField } from '../access/adminOnlyField'
import { isStaff } from '../access/roles'
import { staffOnly } from '../access/staffOnly'
import { staffOnlyField } from '../access/staffOnlyField'
import { revalidatePublicData } from '../hooks/revalidatePublicData'
import { adapterOptions, protocolOptions, tierOptions } from '../options'
import { VIP_STATUSES } from '../../src/lib/billing/lifecycle'

/** The health check connects to this host: an internal one only when an admin says the server is on a private network. */
function validateHost(value: unknown, { data }: { data: Partial<{ privateNetwork?: boolean | null }> }): true | string {
  if (typeof value !== 'string' || value.trim() === '') return 'Укажите адрес / Enter an address'
  if (data?.privateNetwork || !(isInternalAddress(value.trim()) || isLocalHostName(value))) return true
  return 'Это внутренний адрес (localhost, частная сеть). Администратор может отметить сервер как находящийся в частной сети. / This is an internal address (localhost, a private network); an admin can mark the server as being on a private network.'
}

/**
 * A server's keys point at it: deleting it would leave them pointing nowhere (the database refuses). The editor is
 * told how many keys there are and the two ways forward, in their language, instead of "An unknown error".
 */
const refuseDeletingServerWithKeys: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const keys = await req.payload.count({ collection: 'keys', where: { server: { equals: id } }, req })
  if (keys.totalDocs === 0) return
  const count = keys.totalDocs
  const message = adminT(req)('serverHasKeys', { count })
  throw new APIError(message, 409, { keys: count }, true)
}

export const Servers: CollectionConfig = {
  slug: 'servers',
  labels: {
    singular: { ru: 'Сервер', en: 'Server' },
    plural: { ru: 'Серверы', en: 'Servers' },
  },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'country', 'tier', 'hosting', 'adapter', 'enabled'],
    components: { beforeListTable: ['/components/admin/RotateNowButton#RotateNowButton'] },
    listSearchableFields: ['name', 'host', 'hosting'],
    group: { ru: 'Ключи', en: 'Keys' },
  },
  endpoints: [
    {
      // Editors run the free-key rotation from the servers list (the same work as the hourly job).
      path: '/rotate',
      method: 'post',
      handler: async (req) => {
        if (!isStaff(req.user)) return Response.json({ error: 'forbidden' }, { status: 403 })
        const { rotateFreeKeys } = await import('../../src/lib/provisioning/rotation')
        return Response.json(await rotateFreeKeys(req.payload))
      },
    },
  ],
  access: {
    // Visitors and accounts without VIP see enabled free servers (no credentials: those fields are admin-only);
    // subscribers also see VIP servers so they can pick one for a device key. VIP hosts stay unlisted otherwise:
    // a registered address is free to make, and a listed host is easy to block.
    read: async ({ req: { user, payload } }): Promise<Where | boolean> => {
      if (isStaff(user)) return true
      const freeServers: Where = { and: [{ enabled: { equals: true } }, { tier: { equals: 'free' } }] }
      if (!user) return freeServers
      const granting = await payload.count({ collection: 'subscriptions', where: { and: [{ user: { equals: user.id } }, { status: { in: VIP_STATUSES } }] } })
      return granting.totalDocs > 0 ? { enabled: { equals: true } } : freeServers
    },
    create: staffOnly,
    update: staffOnly,
    delete: staffOnly,
  },
  hooks: {
    beforeDelete: [refuseDeletingServerWithKeys],
    afterChange: [revalidatePublicData],
    afterDelete: [revalidatePublicData],
  },
  fields: [
    {
      type: 'row',
      fields: [
        { name: 'name', label: { ru: 'Название', en: 'Name' }, type: 'text', required: true },
        {
          name: 'country',
          label: { ru: 'Страна', en: 'Country' },
          type: 'relationship',
          relationTo: 'countries',
          required: true,
          index: true,
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'hosting',
          label: { ru: 'Хостинг', en: 'Hosting' },
          type: 'text',
          required: true,
          admin: { description: { ru: 'Показывается посетителям в колонке «О сервере»', en: 'Shown to visitors in the "About" column' } },
        },
        {
          name: 'host',
          label: { ru: 'Адрес (домен или IP)', en: 'Address (domain or IP)' },
          type: 'text',
          required: true,
          validate: validateHost,
        },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'tier', label: { ru: 'Тип', en: 'Tier' }, type: 'select', options: tierOptions, required: true, defaultValue: 'free', index: true },
        { name: 'enabled', label: { ru: 'Включён', en: 'Enabled' }, type: 'checkbox', defaultValue: true, index: true },
      ],
    },
    {
      name: 'protocols',
      label: { ru: 'Протоколы', en: 'Protocols' },
      labels: { singular: { ru: 'Протокол', en: 'Protocol' }, plural: { ru: 'Протоколы', en: 'Protocols' } },
      type: 'array',
      admin: { initCollapsed: true, components: { RowLabel: '/components/admin/ArrayRowLabel#ArrayRowLabel' } },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'protocol', label: { ru: 'Протокол', en: 'Protocol' }, type: 'select', options: protocolOptions, required: true },
            { name: 'port', label: { ru: 'Порт', en: 'Port' }, type: 'number', required: true, min: 1, max: 65535 },
            {
              name: 'freeKeys',
              label: { ru: 'Бесплатных ключей', en: 'Free keys' },
              type: 'number',
              min: 0,
              max: 100,
              defaultValue: 3,
              admin: { description: { ru: 'Сколько ключей держать доступными', en: 'How many keys to keep available' } },
            },
          ],
        },
        {
          name: 'publicParams',
          label: { ru: 'Публичные параметры', en: 'Public parameters' },
          type: 'group',
          admin: { description: { ru: 'Попадают в ключи, которые видят пользователи', en: 'Go into the keys users see' } },
          fields: [
            {
              type: 'row',
              fields: [
                { name: 'transport', label: { ru: 'Транспорт', en: 'Transport' }, type: 'select', options: ['tcp', 'udp', 'ws', 'grpc'] },
                { name: 'security', label: { ru: 'Шифрование', en: 'Security' }, type: 'select', options: ['none', 'tls', 'reality'] },
                { name: 'sni', label: 'SNI', type: 'text' },
              ],
            },
            {
              type: 'row',
              fields: [
                { name: 'realityPublicKey', label: { ru: 'Reality: публичный ключ', en: 'Reality public key' }, type: 'text' },
                { name: 'realityShortId', label: { ru: 'Reality: short id', en: 'Reality short id' }, type: 'text' },
                { name: 'path', label: { ru: 'Путь (ws/grpc)', en: 'Path (ws/grpc)' }, type: 'text' },
              ],
            },
            { name: 'wireguardPublicKey', label: { ru: 'WireGuard: публичный ключ сервера', en: 'WireGuard server public key' }, type: 'text' },
            { name: 'openvpnCa', label: { ru: 'OpenVPN: сертификат CA', en: 'OpenVPN CA certificate' }, type: 'textarea' },
          ],
        },
      ],
    },
    {
      type: 'collapsible',
      label: { ru: 'Подключение к серверу (только администраторы)', en: 'Provisioning (admins only)' },
      admin: { initCollapsed: true },
      fields: [
        {
          name: 'adapter',
          label: { ru: 'Способ выдачи ключей', en: 'Provisioning adapter' },
          type: 'select',
          options: adapterOptions,
          required: true,
          defaultValue: 'manual',
          access: { read: staffOnlyField },
        },
        {
          // Health checks never connect to loopback, private or link-local addresses on an editor's word.
          name: 'privateNetwork',
          label: { ru: 'Сервер в частной сети', en: 'Server on a private network' },
          type: 'checkbox',
          defaultValue: false,
          access: { read: staffOnlyField, create: adminOnlyField, update: adminOnlyField },
          admin: {
            description: {
              ru: 'Разрешает адреса localhost и частных сетей (10.x, 192.168.x…) для проверок состояния',
              en: 'Allows localhost and private-network addresses (10.x, 192.168.x…) for health checks',
            },
          },
        },
        {
          name: 'credentials',
          label: { ru: 'Учётные данные', en: 'Credentials' },
          type: 'group',
          access: { read: adminOnlyField, create: adminOnlyField, update: adminOnlyField },
          fields: [
            { name: 'apiUrl', label: { ru: 'Адрес API', en: 'API URL' }, type: 'text' },
            { name: 'username', label: { ru: 'Логин', en: 'Username' }, type: 'text' },
            { name: 'password', label: { ru: 'Пароль / токен', en: 'Password / token' }, type: 'text' },
            { name: 'certSha256', label: { ru: 'SHA-256 сертификата', en: 'Certificate SHA-256' }, type: 'text' },
            {
              name: 'keyDataLimitGb',
              label: { ru: 'Лимит трафика на ключ, ГБ', en: 'Data limit per key, GB' },
              type: 'number',
              min: 0,
              admin: { description: { ru: 'Для Outline и панели Xray; пусто — без лимита', en: 'For Outline and the Xray panel; empty means no limit' } },
            },
            {
              type: 'row',
              fields: [
                {
                  name: 'method',
                  label: { ru: 'Шифр shadowsocks', en: 'Shadowsocks cipher' },
                  type: 'text',
                  admin: { description: { ru: 'Для ss-manager, например chacha20-ietf-poly1305', en: 'For ss-manager, e.g. chacha20-ietf-poly1305' } },
                },
                {
                  name: 'portRange',
                  label: { ru: 'Диапазон портов ключей', en: 'Key port range' },
                  type: 'text',
                  validate: (value: unknown) =>
                    !value || /^\d{1,5}-\d{1,5}$/.test(String(value)) || 'Формат / format: 20000-20999',
                  admin: { description: { ru: 'Для ss-manager: порт на каждый ключ, например 20000-20999', en: 'For ss-manager: one port per key, e.g. 20000-20999' } },
                },
              ],
            },
          ],
        },
      ],
    },
    {
      name: 'health',
      label: { ru: 'Состояние', en: 'Health' },
      type: 'group',
      admin: { position: 'sidebar', readOnly: true },
      fields: [
        {
          name: 'status',
          label: { ru: 'Статус', en: 'Status' },
          type: 'select',
          defaultValue: 'unknown',
          options: [
            { value: 'unknown', label: { ru: 'Не проверялся', en: 'Not checked' } },
            { value: 'up', label: { ru: 'Работает', en: 'Working' } },
            { value: 'down', label: { ru: 'Недоступен', en: 'Down' } },
          ],
        },
        { name: 'lastCheckedAt', label: { ru: 'Последняя проверка', en: 'Last checked' }, type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
        // Visitors and customers see whether a server works and when it was checked; the rest is for staff.
        { name: 'latencyMs', label: { ru: 'Задержка, мс', en: 'Latency, ms' }, type: 'number', access: { read: staffOnlyField } },
        { name: 'failures', label: { ru: 'Неудачных проверок подряд', en: 'Failed checks in a row' }, type: 'number', defaultValue: 0, access: { read: staffOnlyField } },
        { name: 'detail', label: { ru: 'Подробности проверки', en: 'Check details' }, type: 'textarea', access: { read: staffOnlyField } },
        {
          name: 'lastRotationAt',
          label: { ru: 'Последняя ротация ключей', en: 'Last key rotation' },
          type: 'date',
          admin: { date: { pickerAppearance: 'dayAndTime' } },
          access: { read: staffOnlyField },
        },
        { name: 'lastRotationError', label: { ru: 'Ошибка ротации', en: 'Rotation error' }, type: 'textarea', access: { read: staffOnlyField } },
      ],
    },
  ],
}
