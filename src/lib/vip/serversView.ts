// What My servers (/profile/servers) shows, decided from its address and what the page read: the page reads, this
// decides, its sections render. Pure, so each case is a unit test (tests/unit/vip/serversView.test.ts).
import { firstKeyChoice, MAX_DEVICE_KEYS, targetValue } from './deviceKeys'
import type { VipChoice } from './deviceKeys'

/** The errors the key routes send back (?error=…), each a message of the Servers namespace. */
export const SERVERS_ERRORS = ['limitReached', 'invalidDevice', 'invalidServer', 'noSubscription', 'provisioningFailed', 'notFound', 'undoTooLate'] as const
export type ServersError = (typeof SERVERS_ERRORS)[number]

/** The banner after an action, a message of the Servers namespace. */
export type ServersNotice = 'welcome' | 'welcomeNoKey' | 'created' | 'revoked' | 'restored' | 'urlResetDone' | 'deviceRemoved'

export type ServersQuery = Record<string, string | string[] | undefined>

export type ServersView<Row> = {
  /** What the form says went wrong; else, with every key made, that the limit is reached. */
  formError: { kind: ServersError; max: number } | null
  notice: ServersNotice | null
  /** Arrived from the purchase e-mail: with no key yet, the device field takes the focus. */
  focusDevice: boolean
  /** The key whose revocation is being asked about (?confirm=revoke&key=…). */
  revoking: Row | null
  /** The key just revoked (?revoked=…), whose revocation may still be undone. */
  revokedKeyId: number | null
  /** What the form had typed, back after an error. */
  typedDevice: string
  /** The country and protocol chosen: the one the form came back with, else one phones open from a link. */
  chosenTarget: string | undefined
  confirmingUrlReset: boolean
  deviceNotFound: boolean
}

export function serversView<Row extends { id: number | string }>(query: ServersQuery, rows: readonly Row[], choices: readonly VipChoice[]): ServersView<Row> {
  const error = SERVERS_ERRORS.find((key) => key === query.error) ?? null
  const full = rows.length >= MAX_DEVICE_KEYS
  const welcome = typeof query.welcome === 'string'
  const firstChoice = firstKeyChoice(choices)
  const revoked = typeof query.revoked === 'string' ? Number(query.revoked) : NaN
  return {
    formError: error ? { kind: error, max: MAX_DEVICE_KEYS } : full ? { kind: 'limitReached', max: MAX_DEVICE_KEYS } : null,
    notice: welcome ? (rows.length > 0 ? 'welcome' : 'welcomeNoKey') : noticeOf(query),
    focusDevice: welcome && rows.length === 0,
    revoking: query.confirm === 'revoke' ? (rows.find((row) => String(row.id) === query.key) ?? null) : null,
    revokedKeyId: Number.isInteger(revoked) && revoked > 0 ? revoked : null,
    typedDevice: typeof query.device === 'string' ? query.device : '',
    chosenTarget: choices.some((choice) => targetValue(choice) === query.target) ? String(query.target) : firstChoice ? targetValue(firstChoice) : undefined,
    confirmingUrlReset: query.confirm === 'url',
    deviceNotFound: query.error === 'deviceNotFound',
  }
}

/** The banner an action's redirect asks for, the first that applies. */
function noticeOf(query: ServersQuery): ServersNotice | null {
  if (query.created) return 'created'
  if (query.revoked) return 'revoked'
  if (query.restored) return 'restored'
  if (query.url === 'reset') return 'urlResetDone'
  if (query.deviceRemoved) return 'deviceRemoved'
  return null
}
