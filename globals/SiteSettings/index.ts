// Site-wide settings editors change without a deploy: name, contacts, figures, banner, payments.
import type { GlobalConfig, PayloadRequest } from 'payload'

import { anyone } from '../../collections/access/anyone'
import { staffOnly } from '../../collections/access/staffOnly'
import { revalidatePublicGlobal } from '../../collections/hooks/revalidatePublicData'
import { adminOnlyField } from '../../collections/access/adminOnlyField'
import { staffOnlyField } from '../../collections/access/staffOnlyField'
import { editedByField } from '../../collections/fields/editedBy'
import { adminT } from '@/lib/admin/adminMessages'
import { INCIDENT_KINDS } from '@/lib/alerts/incidents'
import { MAX_REFERRAL_DAYS } from '@/lib/referral/rules'
import { KIND_LABELS } from '@/lib/alerts/message'
import { env } from '@/lib/env'
import { DEFAULT_RULE_LISTS, isRuleListUrl } from '@/lib/feeds/routing'
import type { RuleListUrls } from '@/lib/feeds/routing'
import { APP_DECISIONS, APP_RULES_MAX, DEFAULT_APP_RULES, isAppRulePrefix } from '@/lib/feeds/appRules'
import type { AppDecision } from '@/lib/feeds/appRules'
import { NOTICE_MAX_LENGTH, NOTICE_MESSAGE } from '@/lib/feeds/notice'
import type { FeedNotice } from '@/lib/feeds/notice'
import { isHappProviderId } from '@/lib/feeds/respond'
import enMessages from '@/i18n/messages/en.json'
import ruMessages from '@/i18n/messages/ru.json'
import { SETTINGS_DEFAULTS } from '@/lib/data/siteSettings'

// YooKassa's VAT codes (vat_code), as its 54-FZ reference lists them.
const VAT_CODES: { value: string; ru: string; en: string }[] = [
  { value: '1', ru: 'Без НДС', en: 'No VAT' },
  { value: '2', ru: 'НДС 0%', en: 'VAT 0%' },
  { value: '3', ru: 'НДС 10%', en: 'VAT 10%' },
  { value: '4', ru: 'НДС 20%', en: 'VAT 20%' },
  { value: '5', ru: 'НДС 10/110', en: 'VAT 10/110' },
  { value: '6', ru: 'НДС 20/120', en: 'VAT 20/120' },
  { value: '7', ru: 'НДС 5%', en: 'VAT 5%' },
  { value: '8', ru: 'НДС 7%', en: 'VAT 7%' },
  { value: '9', ru: 'НДС 5/105', en: 'VAT 5/105' },
  { value: '10', ru: 'НДС 7/107', en: 'VAT 7/107' },
  { value: '11', ru: 'НДС 22%', en: 'VAT 22%' },
  { value: '12', ru: 'НДС 22/122', en: 'VAT 22/122' },
]

const TAX_SYSTEMS: { value: string; ru: string; en: string }[] = [
  { value: '1', ru: 'ОСН', en: 'General (OSN)' },
  { value: '2', ru: 'УСН «доходы»', en: 'Simplified, income (USN)' },
  { value: '3', ru: 'УСН «доходы минус расходы»', en: 'Simplified, income minus expenses' },
  { value: '4', ru: 'ЕНВД', en: 'Imputed income (ENVD)' },
  { value: '5', ru: 'ЕСХН', en: 'Agricultural (ESHN)' },
  { value: '6', ru: 'Патент', en: 'Patent' },
]

const options = (list: typeof VAT_CODES) => list.map(({ value, ru, en }) => ({ value, label: { ru, en } }))

type RoutingData = { changedAt?: string | null } & Record<string, unknown>

/** Stamps `routing.changedAt` when the routing's mode or lists change, and only then. */
function stampRoutingChange({ data, originalDoc }: { data: Record<string, unknown>; originalDoc?: Record<string, unknown> }) {
  const next = data.routing as RoutingData | undefined
  if (!next) return data
  const previous = (originalDoc?.routing ?? {}) as RoutingData
  const names = ['mode', ...RULE_LIST_FIELDS.map((field) => field.name)]
  const changed = names.some((name) => name in next && (next[name] ?? null) !== (previous[name] ?? null))
  data.routing = { ...next, changedAt: changed || !previous.changedAt ? new Date().toISOString() : previous.changedAt }
  return data
}

// Editors' own rule lists: the same Russian categories (geoip:ru, geosite:category-ru) from files they host.
const RULE_LIST_FIELDS: { name: keyof RuleListUrls; label: { ru: string; en: string } }[] = [
  { name: 'geoipDat', label: { ru: 'geoip.dat для Happ, INCY, v2rayN (категория ru)', en: 'geoip.dat for Happ, INCY, v2rayN (category ru)' } },
  { name: 'geositeDat', label: { ru: 'geosite.dat для Happ, INCY, v2rayN (категория category-ru)', en: 'geosite.dat for Happ, INCY, v2rayN (category category-ru)' } },
  { name: 'mihomoDomains', label: { ru: 'Домены для Clash/Mihomo (.mrs)', en: 'Domains for Clash/Mihomo (.mrs)' } },
  { name: 'mihomoIp', label: { ru: 'IP-адреса для Clash/Mihomo (.mrs)', en: 'IP ranges for Clash/Mihomo (.mrs)' } },
  { name: 'singboxDomains', label: { ru: 'Домены для sing-box (.srs)', en: 'Domains for sing-box (.srs)' } },
  { name: 'singboxIp', label: { ru: 'IP-адреса для sing-box (.srs)', en: 'IP ranges for sing-box (.srs)' } },
]

const APP_DECISION_LABELS: Record<AppDecision, { ru: string; en: string }> = {
  base64: { ru: 'Ссылки base64 (v2rayNG, Happ, Hiddify…)', en: 'base64 links (v2rayNG, Happ, Hiddify…)' },
  clash: { ru: 'Clash / Mihomo (YAML)', en: 'Clash / Mihomo (YAML)' },
  'clash-legacy': { ru: 'Clash без VLESS (Clash for Windows, ClashX)', en: 'Clash without VLESS (Clash for Windows, ClashX)' },
  stash: { ru: 'Stash (YAML)', en: 'Stash (YAML)' },
  singbox: { ru: 'sing-box (JSON)', en: 'sing-box (JSON)' },
  outline: { ru: 'Ключ Outline', en: 'Outline key' },
  json: { ru: 'Xray JSON', en: 'Xray JSON' },
  wireguard: { ru: 'WireGuard (.conf)', en: 'WireGuard (.conf)' },
  notice: { ru: 'Запись: откройте в другом приложении', en: 'An entry: open it in another app' },
  refuse: { ru: 'Отказать (403)', en: 'Refuse (403)' },
}

const APP_DECISION_OPTIONS = APP_DECISIONS.map((value) => ({ value, label: APP_DECISION_LABELS[value] }))

// The notices' labels; their default texts are the site's own (src/i18n/messages, SubscriptionFeed.notice…).
const NOTICE_FIELDS: { name: FeedNotice; label: { ru: string; en: string } }[] = [
  { name: 'deviceLimit', label: { ru: 'Устройств больше, чем позволяет тариф', en: 'More devices than the plan allows' } },
  { name: 'noDeviceId', label: { ru: 'Приложение не передаёт ID устройства', en: 'The app sends no device ID' } },
  { name: 'ended', label: { ru: 'Подписка закончилась', en: 'The subscription has ended' } },
  { name: 'noKeys', label: { ru: 'Нет ключей, которые открывает приложение', en: 'No keys an app opens' } },
  { name: 'unsupportedApp', label: { ru: 'Приложению отвечает запись (правило выше)', en: 'An app answered with an entry (the rule above)' } },
]

const noticePlaceholder = (name: FeedNotice) => ({ ru: ruMessages.SubscriptionFeed[NOTICE_MESSAGE[name]], en: enMessages.SubscriptionFeed[NOTICE_MESSAGE[name]] })

export const SiteSettings: GlobalConfig = {
  slug: 'site-settings',
  label: { ru: 'Настройки сайта', en: 'Site settings' },
  admin: { group: { ru: 'Сайт', en: 'Site' } },
  access: { read: anyone, update: staffOnly, readVersions: staffOnly },
  // Every save is kept with its author, and can be restored.
  versions: { max: 50 },
  hooks: { beforeChange: [stampRoutingChange], afterChange: [revalidatePublicGlobal] },
  fields: [
    {
      type: 'tabs',
      tabs: [
        {
          label: { ru: 'Общее', en: 'General' },
          fields: [
            // Defaults until an editor saves the settings: a fresh install's pages and mail never read "undefined".
            {
              name: 'siteName',
              label: { ru: 'Название сайта', en: 'Site name' },
              type: 'text',
              required: true,
              localized: true,
              defaultValue: ({ locale }: { locale?: string }) => (locale === 'en' ? 'VPN keys' : 'VPN ключи'),
            },
            {
              name: 'supportEmail',
              label: { ru: 'E-mail поддержки', en: 'Support e-mail' },
              type: 'email',
              required: true,
              defaultValue: () => env().emailFrom,
              admin: {
                description: {
                  ru: 'Показывается в подвале, на страницах (там, где в тексте стоит {supportEmail}) и в письмах. Пока не указан — адрес, с которого сайт отправляет письма (EMAIL_FROM)',
                  en: 'Shown in the footer, on pages (wherever the text says {supportEmail}) and in e-mails. Until set: the address the site sends mail from (EMAIL_FROM)',
                },
              },
            },
            {
              name: 'audienceCountry',
              label: { ru: 'Страна посетителей (ISO 3166-1)', en: 'Visitors’ country (ISO 3166-1)' },
              type: 'text',
              required: true,
              defaultValue: 'ru',
              admin: {
                description: {
                  ru: 'Ключи, которые работают отсюда по проверкам проб (Служебное → Пробы из сетей), идут в списках первыми; заблокированные здесь в списки не попадают',
                  en: 'Keys the probes (System → Network probes) found working from here come first in the lists; keys blocked here are left out',
                },
              },
              hooks: { beforeValidate: [({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)] },
              validate: (value: unknown) => (typeof value === 'string' && /^[a-z]{2}$/.test(value) ? true : 'Two letters, e.g. ru / Две буквы, например ru'),
            },
          ],
        },
        {
          label: { ru: 'Цифры и баннер', en: 'Figures and banner' },
          fields: [
            {
              type: 'row',
              fields: [
                {
                  name: 'claimedKeys',
                  label: { ru: 'Ключей (для VIP-рекламы)', en: 'Keys (VIP marketing)' },
                  type: 'number',
                  defaultValue: SETTINGS_DEFAULTS.claimedKeys,
                  min: 0,
                },
                {
                  name: 'claimedCountries',
                  label: { ru: 'Стран (для VIP-рекламы)', en: 'Countries (VIP marketing)' },
                  type: 'number',
                  defaultValue: SETTINGS_DEFAULTS.claimedCountries,
                  min: 0,
                },
              ],
            },
            {
              // The plans page's speed line (src/app/(frontend)/[variant]/[locale]/tariffs/page.tsx).
              name: 'speedClaim',
              label: { ru: 'Скорость (строка на странице тарифов)', en: 'Speed (a line on the plans page)' },
              type: 'text',
              localized: true,
              maxLength: 120,
              admin: {
                description: {
                  ru: 'Пусто — «Скорость до 100 Мбит/с, в среднем 97+ Мбит/с». Напишите то, что вы измерили на своих VIP-серверах: это обещание покупателям.',
                  en: 'Empty: “Speed up to 100 Mbit/s, 97+ Mbit/s on average”. Write what you measured on your VIP servers: buyers take it as a promise.',
                },
              },
            },
            {
              name: 'rating',
              label: { ru: 'Рейтинг на странице тарифов', en: 'Rating on the plans page' },
              type: 'group',
              admin: { description: { ru: 'Из отзывов покупателей; пустая оценка скрывает блок', en: 'From customer reviews; an empty score hides the block' } },
              fields: [
                {
                  type: 'row',
                  fields: [
                    { name: 'score', label: { ru: 'Оценка (из 5)', en: 'Score (of 5)' }, type: 'number', min: 1, max: 5 },
                    { name: 'reviews', label: { ru: 'Отзывов', en: 'Reviews' }, type: 'number', min: 0 },
                  ],
                },
              ],
            },
            {
              name: 'rotationTime',
              label: { ru: 'Время ежедневной смены бесплатных ключей (МСК)', en: 'Daily free-key rotation time (Moscow)' },
              type: 'text',
              defaultValue: SETTINGS_DEFAULTS.rotationTime,
              validate: (value: unknown, { req }: { req: PayloadRequest }) => !value || /^([01]\d|2[0-3]):[0-5]\d$/.test(String(value)) || adminT(req)('rotationTimeFormat'),
              admin: { description: { ru: 'Новые ключи выдаются в это время, старые действуют ещё час', en: 'Fresh keys are issued at this time; the old ones stay valid for another hour' } },
            },
            {
              name: 'cancelDiscountPercent',
              label: { ru: 'Скидка при отмене автопродления (%)', en: 'Discount offered on cancelling auto-renewal (%)' },
              type: 'number',
              defaultValue: SETTINGS_DEFAULTS.cancelDiscountPercent,
              min: 1,
              max: 90,
              admin: { description: { ru: 'Разовая скидка на следующий месяц, один раз на пользователя', en: 'One-time, on the next month, once per user' } },
            },
            {
              type: 'row',
              fields: [
                {
                  name: 'referralDays',
                  label: { ru: 'Дней за приглашённого друга', en: 'Days per referred friend' },
                  type: 'number',
                  defaultValue: SETTINGS_DEFAULTS.referralDays,
                  min: 0,
                  max: MAX_REFERRAL_DAYS,
                  admin: { description: { ru: 'Обоим — другу и пригласившему — после первой полной оплаты друга; 0 — без наград', en: 'To both, the friend and the referrer, after the friend’s first full payment; 0 turns rewards off' } },
                },
                {
                  name: 'referralMonthlyCap',
                  label: { ru: 'Наград пригласившему в месяц, не больше', en: 'Rewards per referrer per month, at most' },
                  type: 'number',
                  defaultValue: SETTINGS_DEFAULTS.referralMonthlyCap,
                  min: 0,
                  max: 100,
                  admin: { description: { ru: 'Сверх лимита дни получает только друг', en: 'Past the cap only the friend gets days' } },
                },
              ],
            },
            {
              name: 'trialBanner',
              label: { ru: 'Баннер пробного периода', en: 'Trial banner' },
              type: 'group',
              fields: [
                { name: 'enabled', label: { ru: 'Показывать', en: 'Show' }, type: 'checkbox', defaultValue: true },
                {
                  name: 'text',
                  label: { ru: 'Текст', en: 'Text' },
                  type: 'text',
                  localized: true,
                  admin: {
                    description: {
                      ru: 'Срок и цена пробного периода берутся из тарифов и показываются над этим текстом — не пишите их здесь',
                      en: 'The trial’s length and fee come from the plans and are shown above this text: do not type them here',
                    },
                  },
                },
              ],
            },
          ],
        },
        {
          label: { ru: 'Приложения', en: 'Apps' },
          fields: [
            {
              // Read by the subscription formats that carry routing (src/lib/feeds/routing.ts).
              name: 'routing',
              label: { ru: 'Какой трафик идёт мимо VPN', en: 'What traffic bypasses the VPN' },
              type: 'group',
              admin: {
                description: {
                  ru: 'Банки, госуслуги и многие магазины не открываются с иностранных адресов, поэтому приложения подписчиков (Clash, sing-box, Happ, v2rayN) по умолчанию открывают российские сайты напрямую, а остальное — через VPN. Списки сайтов и адресов приложения скачивают сами по ссылкам.',
                  en: 'Banks, public services and many shops refuse foreign addresses, so subscribers’ apps (Clash, sing-box, Happ, v2rayN) open Russian sites directly by default and everything else through the VPN. The apps download the lists of sites and addresses themselves from the links.',
                },
              },
              fields: [
                {
                  name: 'mode',
                  label: { ru: 'Режим', en: 'Mode' },
                  type: 'select',
                  required: true,
                  defaultValue: 'russia',
                  options: [
                    { value: 'russia', label: { ru: 'Российские сайты напрямую (рекомендуется)', en: 'Russian sites direct (recommended)' } },
                    { value: 'off', label: { ru: 'Всё через VPN (кроме локальной сети)', en: 'Everything through the VPN (except the local network)' } },
                    { value: 'custom', label: { ru: 'Российские сайты напрямую, свои списки по ссылкам', en: 'Russian sites direct, with your own lists' } },
                  ],
                },
                // When the routing last changed: Happ replaces its routing profile only for a newer one, so other
                // settings (a banner, the site's name) must not make every app take it again.
                { name: 'changedAt', type: 'date', admin: { hidden: true } },
                ...RULE_LIST_FIELDS.map(({ name, label }) => ({
                  name,
                  label,
                  type: 'text' as const,
                  validate: (value: unknown, { req }: { req: PayloadRequest }) => !value || isRuleListUrl(String(value)) || adminT(req)('ruleListUrl'),
                  admin: {
                    condition: (_: unknown, siblingData: { mode?: string }) => siblingData?.mode === 'custom',
                    placeholder: DEFAULT_RULE_LISTS[name],
                    description: { ru: 'Пусто — общий список по умолчанию (адрес в поле).', en: 'Empty: the default community list (shown in the field).' },
                  },
                })),
              ],
            },
            {
              // Read by the subscription poll (src/lib/feeds/personalRead.ts, personalAnswer.ts).
              name: 'requireDeviceId',
              label: { ru: 'Не выдавать ключи приложениям без идентификатора устройства', en: 'Refuse apps that send no device ID' },
              type: 'checkbox',
              defaultValue: false,
              admin: {
                description: {
                  ru: 'Лимит устройств тарифа считает приложения, которые сообщают идентификатор устройства (Happ, v2RayTun, INCY, Hiddify). Остальные (v2rayNG, Clash, sing-box) по умолчанию получают ключи без счёта — ссылкой, отданной чужим, можно обойти лимит. Включите, чтобы такие приложения вместо ключей получали одну запись с подсказкой, в каком приложении открыть подписку.',
                  en: 'The plan’s device limit counts apps that send a device ID (Happ, v2RayTun, INCY, Hiddify). Others (v2rayNG, Clash, sing-box) get the keys uncounted by default, so a link passed to strangers gets around the limit. Turn this on to give such apps, instead of keys, one entry saying which app to open the subscription in.',
                },
              },
            },
            {
              // The entry a subscription serves in place of keys it cannot serve (src/lib/feeds/notice.ts).
              name: 'notices',
              label: { ru: 'Что приложение покажет вместо ключей', en: 'What the app shows instead of keys' },
              type: 'group',
              admin: {
                description: {
                  ru: 'Когда подписка не выдаёт ключи, приложение подписчика показывает одну запись с этим текстом вместо пустого списка. Пусто — текст сайта по умолчанию (в поле). {host} заменяется адресом сайта. До 80 знаков: длиннее приложения обрезают.',
                  en: 'When a subscription serves no keys, the subscriber’s app shows one entry with this text instead of an empty list. Empty: the site’s default text (shown in the field). {host} is replaced with the site’s address. Up to 80 characters: apps cut longer names.',
                },
              },
              fields: NOTICE_FIELDS.map(({ name, label }) => ({
                name,
                label,
                type: 'text' as const,
                localized: true,
                maxLength: NOTICE_MAX_LENGTH,
                admin: { placeholder: noticePlaceholder(name) },
              })),
            },
            {
              // Read by the subscription poll (src/lib/feeds/appRules.ts): the first rule that matches decides.
              name: 'appRules',
              label: { ru: 'Что подписка отвечает каждому приложению', en: 'What the subscription answers each app' },
              labels: { singular: { ru: 'Правило', en: 'Rule' }, plural: { ru: 'Правила', en: 'Rules' } },
              type: 'array',
              maxRows: APP_RULES_MAX,
              defaultValue: DEFAULT_APP_RULES.map((rule) => ({ ...rule })),
              admin: {
                description: {
                  ru: 'Приложение узнаётся по началу его User-Agent (без учёта регистра); решает первое подходящее правило, остальным — ссылки base64. «Целым словом»: после начала не идёт буква, цифра или _ (SFA, но не SFAX). Формат из адреса подписки (…/clash) сильнее правила, кроме «Отказать» и «Запись: откройте в другом приложении». По умолчанию — как раньше: Clash/Mihomo получают YAML, sing-box и Karing — JSON sing-box, Outline — ключ Outline.',
                  en: 'An app is known by the start of its User-Agent (case aside); the first rule that matches decides, everyone else gets base64 links. "Whole word": no letter, digit or _ follows (SFA, not SFAX). A format in the subscription’s address (…/clash) wins over a rule, except "Refuse" and "An entry: open it in another app". The default is what the site always did: Clash/Mihomo get YAML, sing-box and Karing sing-box JSON, Outline an Outline key.',
                },
              },
              fields: [
                {
                  type: 'row',
                  fields: [
                    {
                      name: 'startsWith',
                      label: { ru: 'User-Agent начинается с', en: 'User-Agent starts with' },
                      type: 'text',
                      required: true,
                      validate: (value: unknown, { req }: { req: PayloadRequest }) => isAppRulePrefix(String(value ?? '')) || adminT(req)('appRulePrefix'),
                    },
                    { name: 'wholeWord', label: { ru: 'Целым словом', en: 'Whole word' }, type: 'checkbox', defaultValue: false },
                    {
                      name: 'decision',
                      label: { ru: 'Ответ', en: 'Answer' },
                      type: 'select',
                      required: true,
                      defaultValue: 'base64',
                      options: APP_DECISION_OPTIONS,
                    },
                  ],
                },
              ],
            },
            {
              // Happ's provider id (happ-proxy.com): its statistics and install limits for this site's subscriptions.
              name: 'happProviderId',
              label: { ru: 'Provider ID в Happ', en: 'Happ provider ID' },
              type: 'text',
              validate: (value: unknown, { req }: { req: PayloadRequest }) => !value || isHappProviderId(String(value)) || adminT(req)('happProviderId'),
              admin: {
                description: {
                  ru: 'Необязательно. Восемь латинских букв и цифр из личного кабинета happ-proxy.com: Happ передаёт его в статистику устройств.',
                  en: 'Optional. The eight letters and digits from your happ-proxy.com account: Happ reports device statistics under it.',
                },
              },
            },
          ],
        },
        {
          label: { ru: 'Платежи', en: 'Payments' },
          fields: [
            {
              name: 'receipts',
              label: { ru: 'Чеки (54-ФЗ) через ЮKassa', en: 'Fiscal receipts (54-FZ) through YooKassa' },
              type: 'group',
              // Tax setup is the owner's business: admins change it, staff may look.
              access: { read: staffOnlyField, update: adminOnlyField },
              admin: {
                description: {
                  ru: 'Включите, если в личном кабинете ЮKassa подключены «Чеки от ЮKassa» или онлайн-касса: тогда к каждому платежу прикладывается чек (e-mail покупателя, услуга, сумма, ставка НДС).',
                  en: 'Turn on when YooKassa receipts or an online cash register are connected in the YooKassa dashboard: every payment then carries a receipt (buyer’s e-mail, the service, amount, VAT rate).',
                },
              },
              fields: [
                { name: 'enabled', label: { ru: 'Отправлять чеки', en: 'Send receipts' }, type: 'checkbox', defaultValue: false },
                {
                  type: 'row',
                  fields: [
                    { name: 'vatCode', label: { ru: 'Ставка НДС', en: 'VAT rate' }, type: 'select', defaultValue: '1', required: true, options: options(VAT_CODES) },
                    {
                      name: 'taxSystemCode',
                      label: { ru: 'Система налогообложения', en: 'Tax system' },
                      type: 'select',
                      options: options(TAX_SYSTEMS),
                      admin: { description: { ru: 'Нужна, если у магазина их несколько', en: 'Needed when the shop has more than one' } },
                    },
                  ],
                },
              ],
            },
          ],
        },
        {
          label: { ru: 'Оповещения', en: 'Alerts' },
          fields: [
            {
              name: 'alerts',
              label: { ru: 'Оповещения о сбоях', en: 'Problem alerts' },
              type: 'group',
              // Who is woken at night is the owner's call: admins change it, staff may look.
              access: { read: staffOnlyField, update: adminOnlyField },
              admin: {
                description: {
                  ru: 'Письмо получают администраторы и редакторы, включившие «Оповещения о сбоях» в своём профиле. В Telegram оповещения приходят, когда на сервере заданы TELEGRAM_BOT_TOKEN и TELEGRAM_CHAT_ID (docs/operating/alerts.md). Одно сообщение, когда сбой начался, и одно, когда закончился.',
                  en: 'Admins, and editors who turned on “Problem alerts” in their profile, get them by e-mail. They go to Telegram too when TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID are set on the server (docs/operating/alerts.md). One message when a problem starts, one when it is over.',
                },
              },
              fields: [
                {
                  name: 'muted',
                  label: { ru: 'Не сообщать о', en: 'Do not alert about' },
                  type: 'select',
                  hasMany: true,
                  options: INCIDENT_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })),
                  admin: { description: { ru: 'Пусто — сообщать обо всём', en: 'Empty: alert about everything' } },
                },
                {
                  name: 'telegramLanguage',
                  label: { ru: 'Язык сообщений в Telegram', en: 'Language of Telegram messages' },
                  type: 'select',
                  defaultValue: 'ru',
                  options: [
                    { value: 'ru', label: { ru: 'Русский', en: 'Russian' } },
                    { value: 'en', label: { ru: 'Английский', en: 'English' } },
                  ],
                },
              ],
            },
          ],
        },
        {
          label: { ru: 'Бот в Telegram', en: 'Telegram bot' },
          fields: [
            {
              name: 'bot',
              label: { ru: 'Тексты бота для посетителей', en: 'The visitors’ bot’s texts' },
              type: 'group',
              admin: {
                description: {
                  ru: 'В каждом языке отдельно. Пусто — стандартный текст. Кнопки, ключи, тарифы и условия бот берёт с сайта сам.',
                  en: 'Each language apart. Empty: the standard text. Buttons, keys, plans and terms come from the site by themselves.',
                },
              },
              fields: [
                {
                  name: 'welcome',
                  label: { ru: 'Приветствие (/start и меню)', en: 'Welcome (/start and the menu)' },
                  type: 'textarea',
                  localized: true,
                  maxLength: 1000,
                },
                {
                  name: 'support',
                  label: { ru: 'Поддержка', en: 'Support' },
                  type: 'textarea',
                  localized: true,
                  maxLength: 1000,
                  admin: { description: { ru: 'Например, часы работы и как быстрее получить ответ', en: 'For example, the hours and how to get an answer sooner' } },
                },
              ],
            },
          ],
        },
      ],
    },
    editedByField,
  ],
}
