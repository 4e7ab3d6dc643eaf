// VPN nodes: where keys live, what they offer publicly, and (admins only) how we provision them.
import { APIError } from 'payload'
import type { CollectionBeforeDeleteHook, CollectionConfig, Condition, Where } from 'payload'

import type { Protocol } from '@/lib/keys'
import type { Server } from '@/payload-types'

import { adminLanguage, adminT } from '@/lib/admin/adminMessages'
import { healthDetailText } from '@/lib/provisioning/health'
import { isInternalAddress, isLocalHostName } from '@/lib/http/privateAddress'
import { adminOnlyField } from '../access/adminOnlyField'
import { isStaff } from '../access/roles'
import { staffOnly } from '../access/staffOnly'
import { staffOnlyField } from '../access/staffOnlyField'
import { revalidateKeyData } from '../hooks/revalidatePublicData'
import { adapterOptions, protocolOptions, tierOptions } from '../options'
import { serverCredentials } from './credentials'
import { VIP_STATUSES } from '@/lib/billing/rules/lifecycle'

/** The health check connects to this host: an internal one only when an admin says the server is on a private network. */
function validateHost(value: unknown, { data }: { data: Partial<{ privateNetwork?: boolean | null }> }): true | string {
  if (typeof value !== 'string' || value.trim() === '') return 'Укажите адрес / Enter an address'
  if (data?.privateNetwork || !(isInternalAddress(value.trim()) || isLocalHostName(value))) return true
  return 'Это внутренний адрес (localhost, частная сеть). Администратор может отметить сервер как находящийся в частной сети. / This is an internal address (localhost, a private network); an admin can mark the server as being on a private network.'
}

type ServerFormData = Partial<Pick<Server, 'adapter' | 'protocols'>>

/** The protocol of the array row a public-parameter field sits in (its path is protocols.N.publicParams.field). */
function rowOf(data: ServerFormData, path: (number | string)[]): NonNullable<Server['protocols']>[number] | undefined {
  // The admin's form state passes the index as a string, the API as a number.
  const index = Number(path[1])
  return Number.isInteger(index) ? data.protocols?.[index] : undefined
}

/** A public parameter shown only for the protocols whose keys use it. */
function forProtocols(...protocols: Protocol[]): Condition {
  return (data, _siblingData, { path }) => protocols.includes(rowOf(data as ServerFormData, path)?.protocol as Protocol)
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
    // Whether each server works is the first thing an editor looks for: its check's status is a column, and the
    // failing ones a click away (ServerFilters).
    defaultColumns: ['name', 'country', 'tier', 'adapter', 'enabled', 'health.status', 'health.keysFailing'],
    components: {
      beforeListTable: ['/components/admin/ServerLinks#ServerFilters', '/components/admin/RunOutNotice#RunOutNotice', '/components/admin/RotateNowButton#RotateNowButton'],
    },
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
        const { rotateFreeKeys } = await import('@/lib/provisioning/rotation')
        const { summarizeRotation } = await import('@/lib/provisioning/rotationSummary')
        const report = await rotateFreeKeys(req.payload)
        return Response.json({ ...report, summary: summarizeRotation(report, adminT(req), adminLanguage(req)) })
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
    afterChange: [revalidateKeyData],
    afterDelete: [revalidateKeyData],
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
          // Chosen from the list, never created from here (Payload's add-new button also labels itself "[object Object]"
          // for localized collection names).
          admin: { allowCreate: false },
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
        {
          // Editors choose it too; only the connection details below are for admins.
          name: 'adapter',
          label: { ru: 'Откуда берутся ключи', en: 'Where keys come from' },
          type: 'select',
          options: adapterOptions,
          required: true,
          defaultValue: 'manual',
          access: { read: staffOnlyField },
          admin: {
            description: {
              ru: '«Вручную» — ключи импортирует редактор (Ключи → Импорт); остальные варианты сайт обновляет сам',
              en: '"Manual": editors import the keys (Keys → Import); with the others the site renews keys itself',
            },
          },
        },
        { name: 'enabled', label: { ru: 'Включён', en: 'Enabled' }, type: 'checkbox', defaultValue: true, index: true },
      ],
    },
    {
      name: 'protocols',
      label: { ru: 'Протоколы', en: 'Protocols' },
      labels: { singular: { ru: 'Протокол', en: 'Protocol' }, plural: { ru: 'Протоколы', en: 'Protocols' } },
      type: 'array',
      // Open: a new server's first protocol row is filled in at once, not found folded under "#1".
      admin: { initCollapsed: false, components: { RowLabel: '/components/admin/ArrayRowLabel#ArrayRowLabel' } },
      fields: [
        {
          type: 'row',
          fields: [
            {
              name: 'protocol',
              label: { ru: 'Протокол', en: 'Protocol' },
              type: 'select',
              options: protocolOptions,
              required: true,
              // Hysteria 2 is for subscribers (src/lib/keys/types.ts, LISTED_PROTOCOLS): a free server cannot offer it.
              validate: (value: unknown, { req, data }: { req: Parameters<typeof adminT>[0]; data: Partial<Server> }) =>
                value !== 'hysteria2' || data.tier === 'vip' ? true : adminT(req)('vipOnlyProtocol'),
            },
            { name: 'port', label: { ru: 'Порт', en: 'Port' }, type: 'number', required: true, min: 1, max: 65535 },
            {
              name: 'freeKeys',
              label: { ru: 'Бесплатных ключей', en: 'Free keys' },
              type: 'number',
              min: 0,
              max: 100,
              defaultValue: 3,
              admin: {
                // A manual server lists whatever editors import.
                condition: (data) => (data as ServerFormData).adapter !== 'manual',
                description: { ru: 'Сколько ключей держать доступными', en: 'How many keys to keep available' },
              },
            },
          ],
        },
        {
          name: 'publicParams',
          label: { ru: 'Публичные параметры', en: 'Public parameters' },
          type: 'group',
          admin: {
            condition: forProtocols('vless', 'trojan', 'wireguard', 'openvpn'),
            description: { ru: 'Попадают в ключи, которые видят пользователи', en: 'Go into the keys users see' },
          },
          fields: [
            {
              type: 'row',
              fields: [
                {
                  name: 'transport',
                  label: { ru: 'Транспорт', en: 'Transport' },
                  type: 'select',
                  options: ['tcp', 'udp', 'ws', 'grpc'],
                  admin: { condition: forProtocols('vless', 'trojan', 'openvpn') },
                },
                {
                  name: 'security',
                  label: { ru: 'Шифрование', en: 'Security' },
                  type: 'select',
                  options: ['none', 'tls', 'reality'],
                  admin: { condition: forProtocols('vless', 'trojan') },
                },
                { name: 'sni', label: 'SNI', type: 'text', admin: { condition: forProtocols('vless', 'trojan') } },
              ],
            },
            {
              type: 'row',
              fields: [
                {
                  name: 'realityPublicKey',
                  label: { ru: 'Reality: публичный ключ', en: 'Reality public key' },
                  type: 'text',
                  admin: { condition: (data, siblingData, context) => forProtocols('vless')(data, siblingData, context) && siblingData?.security === 'reality' },
                },
                {
                  name: 'realityShortId',
                  label: { ru: 'Reality: short id', en: 'Reality short id' },
                  type: 'text',
                  admin: { condition: (data, siblingData, context) => forProtocols('vless')(data, siblingData, context) && siblingData?.security === 'reality' },
                },
                {
                  name: 'path',
                  label: { ru: 'Путь (ws/grpc)', en: 'Path (ws/grpc)' },
                  type: 'text',
                  admin: {
                    condition: (data, siblingData, context) =>
                      forProtocols('vless', 'trojan')(data, siblingData, context) && (siblingData?.transport === 'ws' || siblingData?.transport === 'grpc'),
                  },
                },
              ],
            },
            {
              name: 'wireguardPublicKey',
              label: { ru: 'WireGuard: публичный ключ сервера', en: 'WireGuard server public key' },
              type: 'text',
              admin: { condition: forProtocols('wireguard') },
            },
            {
              name: 'openvpnCa',
              label: { ru: 'OpenVPN: сертификат CA', en: 'OpenVPN CA certificate' },
              type: 'textarea',
              admin: { condition: forProtocols('openvpn') },
            },
          ],
        },
      ],
    },
    {
      type: 'collapsible',
      label: { ru: 'Доступ к серверу (видят и меняют только администраторы)', en: 'Server access (admins only)' },
      admin: { initCollapsed: true },
      fields: [
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
        serverCredentials,
      ],
    },
    {
      // Its keys and the import, from the server's page.
      name: 'serverLinks',
      type: 'ui',
      admin: { position: 'sidebar', components: { Field: '/components/admin/ServerLinks#ServerLinks' } },
    },
    {
      // How its keys fare from the visitors' networks: the probes' checks over a day and a week, and real use.
      name: 'serverReach',
      type: 'ui',
      admin: { position: 'sidebar', components: { Field: '/components/admin/ServerReach#ServerReach' } },
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
        { name: 'latencyMs', label: { ru: 'Задержка (мс)', en: 'Latency (ms)' }, type: 'number', access: { read: staffOnlyField } },
        { name: 'failures', label: { ru: 'Неудачных проверок подряд', en: 'Failed checks in a row' }, type: 'number', defaultValue: 0, access: { read: staffOnlyField } },
        {
          name: 'detail',
          label: { ru: 'Подробности проверки', en: 'Check details' },
          type: 'textarea',
          access: { read: staffOnlyField },
          // Stored in no language (src/lib/provisioning/health.ts), read in the editor's.
          hooks: { afterRead: [({ value, req }) => healthDetailText(value, adminT(req))] },
        },
        {
          name: 'lastRotationAt',
          label: { ru: 'Последняя ротация ключей', en: 'Last key rotation' },
          type: 'date',
          admin: { date: { pickerAppearance: 'dayAndTime' } },
          access: { read: staffOnlyField },
        },
        { name: 'lastRotationError', label: { ru: 'Ошибка ротации', en: 'Rotation error' }, type: 'textarea', access: { read: staffOnlyField } },
        {
          // Set by the connection check (src/lib/liveness): every checked key of this server failed twice in a row.
          name: 'keysFailing',
          label: { ru: 'Ни один ключ не подключается', en: 'No key connects' },
          type: 'checkbox',
          defaultValue: false,
          access: { read: staffOnlyField },
          admin: {
            description: {
              ru: 'Проверка подключением: все проверенные ключи сервера дважды подряд не открыли страницу; они скрыты с сайта',
              en: 'Connection check: every checked key of this server failed twice in a row to fetch a page; they are hidden from the site',
            },
          },
        },
        {
          // The run-out the support address was last e-mailed about (src/lib/provisioning/runOut.ts).
          name: 'runOutWarnedFor',
          label: { ru: 'Предупреждение о нехватке отправлено', en: 'Run-out warning sent' },
          type: 'date',
          access: { read: staffOnlyField },
          admin: { hidden: true, disableListColumn: true, disableListFilter: true },
        },
      ],
    },
  ],
}
