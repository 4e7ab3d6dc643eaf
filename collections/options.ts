// Select options shared by several collections, labelled in both admin languages.
import { PROTOCOLS, PROTOCOL_LABELS } from '@/lib/keys'

export const protocolOptions = PROTOCOLS.map((value) => ({ value, label: PROTOCOL_LABELS[value] }))

export const tierOptions = [
  { value: 'free', label: { ru: 'Бесплатный', en: 'Free' } },
  { value: 'vip', label: { ru: 'VIP', en: 'VIP' } },
]

export const adapterOptions = [
  { value: 'manual', label: { ru: 'Вручную (ключи вставляет редактор)', en: 'Manual (editors paste keys)' } },
  { value: 'outline', label: { ru: 'Outline API', en: 'Outline API' } },
  { value: 'ss-manager', label: { ru: 'shadowsocks ss-manager', en: 'shadowsocks ss-manager' } },
  // Marzban's panel (src/lib/provisioning/adapters/marzban/marzban.ts); the stored value predates the other Xray panels.
  { value: 'xray-panel', label: { ru: 'Панель Xray (Marzban)', en: 'Xray panel (Marzban)' } },
  { value: '3x-ui', label: { ru: 'Панель 3x-ui (vless, trojan)', en: '3x-ui panel (vless, trojan)' } },
  { value: 'wg-easy', label: { ru: 'wg-easy (WireGuard)', en: 'wg-easy (WireGuard)' } },
  { value: 'softether', label: { ru: 'SoftEther VPN (OpenVPN, SSTP)', en: 'SoftEther VPN (OpenVPN, SSTP)' } },
  { value: 'remnawave', label: { ru: 'Панель Remnawave (vless, trojan, shadowsocks)', en: 'Remnawave panel (vless, trojan, shadowsocks)' } },
  { value: 'demo', label: { ru: 'Демо (ключи-образцы)', en: 'Demo (sample keys)' } },
]

export const SUBSCRIPTION_STATUS_OPTIONS = [
  { value: 'trialing', label: { ru: 'Пробный период', en: 'Trial' } },
  { value: 'active', label: { ru: 'Активна', en: 'Active' } },
  { value: 'past_due', label: { ru: 'Просрочен платёж', en: 'Past due' } },
  { value: 'cancelled', label: { ru: 'Отменена', en: 'Cancelled' } },
  { value: 'expired', label: { ru: 'Истекла', en: 'Expired' } },
]

/** What the probes in the visitors' country found of a key (src/lib/probes/reach.ts). */
export const reachOptions = [
  { value: 'works', label: { ru: 'Работает', en: 'Works' } },
  { value: 'blocked', label: { ru: 'Заблокирован', en: 'Blocked' } },
  { value: 'down', label: { ru: 'Не работает нигде', en: 'Down everywhere' } },
  { value: 'untested', label: { ru: 'Ещё не проверен', en: 'Not yet checked' } },
]
