// Client apps the site recommends: per platform, which keys each opens, its store links, and the one-tap
// link that adds a subscription to it. The key window, the subscription page and the list pages show them.
import type { CollectionConfig } from 'payload'

import { adminT } from '@/lib/admin/adminMessages'
import { importTemplateProblem, PLATFORM_LABELS, PLATFORMS } from '@/lib/feeds/apps'
import { isSubscriptionFormat } from '@/lib/feeds/clients'

import { anyone } from '../access/anyone'
import { staffOnly } from '../access/staffOnly'
import { revalidatePublicData } from '../hooks/revalidatePublicData'
import { protocolOptions } from '../options'

const platformOptions = PLATFORMS.map((value) => ({ value, label: PLATFORM_LABELS[value] }))

const PROBLEM_MESSAGES = { scheme: 'clientAppTemplateScheme', placeholder: 'clientAppTemplatePlaceholder', ssconf: 'clientAppTemplateSsconf' } as const

const storeUrl = (value: unknown, { req }: { req: Parameters<typeof adminT>[0] }) =>
  value === null || value === undefined || value === '' || /^https:\/\/[^\s]+$/.test(String(value)) || adminT(req)('clientAppHttps')

export const ClientApps: CollectionConfig = {
  slug: 'client-apps',
  labels: {
    singular: { ru: 'Приложение', en: 'Client app' },
    plural: { ru: 'Приложения', en: 'Client apps' },
  },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'platform', 'protocols', 'format', 'order'],
    listSearchableFields: ['name'],
    group: { ru: 'Сайт', en: 'Site' },
    description: {
      ru: 'Приложения в окне ключа («Установка»), на странице подписки и под списками ключей. Кнопка «Добавить» открывает приложение и добавляет в него подписку одним нажатием.',
      en: 'Apps shown in the key window ("Install"), on the subscription page and under the key lists. The "Add" button opens the app and adds the subscription in one tap.',
    },
  },
  defaultSort: 'order',
  access: { read: anyone, create: staffOnly, update: staffOnly, delete: staffOnly },
  hooks: { afterChange: [revalidatePublicData], afterDelete: [revalidatePublicData] },
  fields: [
    {
      type: 'row',
      fields: [
        { name: 'name', label: { ru: 'Название', en: 'Name' }, type: 'text', required: true, maxLength: 60 },
        { name: 'platform', label: { ru: 'Платформа', en: 'Platform' }, type: 'select', required: true, options: platformOptions, index: true },
        {
          name: 'order',
          label: { ru: 'Порядок', en: 'Order' },
          type: 'number',
          defaultValue: 100,
          admin: { description: { ru: 'Меньше — выше в списке', en: 'Lower comes first' } },
        },
      ],
    },
    {
      name: 'protocols',
      label: { ru: 'Открывает ключи', en: 'Opens keys of' },
      type: 'select',
      hasMany: true,
      required: true,
      options: protocolOptions,
    },
    {
      type: 'row',
      fields: [
        {
          name: 'storeUrl',
          label: { ru: 'Ссылка на магазин или сайт', en: 'Store or download link' },
          type: 'text',
          required: true,
          validate: storeUrl,
        },
        {
          name: 'storeUrlRu',
          label: { ru: 'Ссылка для России', en: 'Link for Russia' },
          type: 'text',
          validate: storeUrl,
          admin: {
            description: {
              ru: 'Если в российском App Store или RuStore приложение по другой ссылке. Её видят на русских страницах.',
              en: 'When the app has another link in the Russian App Store or RuStore. Shown on Russian pages.',
            },
          },
        },
      ],
    },
    {
      name: 'format',
      label: { ru: 'Подписку читает в формате', en: 'Reads subscriptions as' },
      type: 'select',
      options: [
        { value: 'base64', label: { ru: 'Список ссылок (v2rayNG, Happ, Streisand…)', en: 'Link list (v2rayNG, Happ, Streisand…)' } },
        { value: 'clash', label: { ru: 'Clash / Mihomo', en: 'Clash / Mihomo' } },
        { value: 'clash-legacy', label: { ru: 'Clash без VLESS (Clash for Windows, ClashX)', en: 'Clash without VLESS (Clash for Windows, ClashX)' } },
        { value: 'stash', label: { ru: 'Stash', en: 'Stash' } },
        { value: 'singbox', label: { ru: 'sing-box', en: 'sing-box' } },
        { value: 'outline', label: { ru: 'Outline (ssconf://)', en: 'Outline (ssconf://)' } },
        { value: 'json', label: { ru: 'Xray JSON (полные настройки на каждый ключ)', en: 'Xray JSON (a full configuration per key)' } },
        { value: 'wireguard', label: { ru: 'WireGuard (.conf одного ключа)', en: 'WireGuard (one key’s .conf)' } },
      ],
      admin: { description: { ru: 'Пусто — приложение не принимает подписки, только ключи или файлы', en: 'Empty: the app takes no subscriptions, only keys or files' } },
    },
    {
      name: 'importTemplate',
      label: { ru: 'Ссылка «Добавить в приложение»', en: '"Add to app" link' },
      type: 'text',
      admin: {
        condition: (data) => Boolean(data?.format),
        description: {
          ru: '{url} — адрес подписки как есть, {urlEncoded} — закодированный, {ssconf} — ключ Outline ssconf://, {name} — название. Например happ://add/{url}',
          en: '{url} is the subscription address as is, {urlEncoded} encoded, {ssconf} an Outline ssconf:// key, {name} its name. E.g. happ://add/{url}',
        },
      },
      validate: (value: unknown, { req, siblingData }: { req: Parameters<typeof adminT>[0]; siblingData: { format?: string | null } }) => {
        if (!value) return siblingData.format ? adminT(req)('clientAppTemplateRequired') : true
        const problem = importTemplateProblem(String(value), isSubscriptionFormat(siblingData.format) ? siblingData.format : null)
        return problem ? adminT(req)(PROBLEM_MESSAGES[problem]) : true
      },
    },
    {
      type: 'row',
      fields: [
        {
          name: 'note',
          label: { ru: 'Пометка', en: 'Note' },
          type: 'text',
          localized: true,
          maxLength: 80,
          admin: { description: { ru: 'Коротко, например «Бесплатно, без рекламы»', en: 'Short, e.g. "Free, no ads"' } },
        },
        {
          name: 'recommended',
          label: { ru: 'Рекомендуем', en: 'Recommended' },
          type: 'checkbox',
          defaultValue: false,
          admin: { description: { ru: 'Показывается первым и с пометкой', en: 'Listed first, marked' } },
        },
      ],
    },
  ],
}
