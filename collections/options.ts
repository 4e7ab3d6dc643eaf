// Select options shared by several collections, labelled in both admin languages.
import { PROTOCOLS, PROTOCOL_LABELS } from '@/lib/keys'
import { ADAPTERS } from '@/lib/provisioning/adapters'

export const protocolOptions = PROTOCOLS.map((value) => ({ value, label: PROTOCOL_LABELS[value] }))

export const tierOptions = [
  { value: 'free', label: { ru: 'Бесплатный', en: 'Free' } },
  { value: 'vip', label: { ru: 'VIP', en: 'VIP' } },
]

/** Where a server's keys come from: one option per adapter (src/lib/provisioning/adapters), in their order. */
export const adapterOptions = ADAPTERS.map(({ value, label }) => ({ value, label }))

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
