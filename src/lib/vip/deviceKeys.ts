// A subscriber's device keys on VIP servers: up to 10 at a time, named by device, issued and revoked
// through each server's provisioning adapter. Reads go through the user's own access; writes happen
// here on the server after the checks, never through the public API.
import type { Payload, PayloadRequest } from 'payload'

import type { Locale } from '@/i18n/locales'
import { vipSubscriptionOf } from '@/lib/billing/record/account'
import { LOCKS } from '@/lib/db/locks'
import { withTransaction } from '@/lib/db/transaction'
import { isProtocol } from '@/lib/keys/types'
import { withLinkName } from '@/lib/keys/uri'
import type { Protocol } from '@/lib/keys/types'
import { issueKeyOn, revokeUnrecordedKey } from '@/lib/provisioning'
import type { IssuedKey } from '@/lib/provisioning'
import { providerRefsOn, revokeKeys } from '@/lib/provisioning/revocation'
import type { Country, Server, User } from '@/payload-types'

export const MAX_DEVICE_KEYS = 10
export const DEVICE_LABEL_MAX = 60

export type VipChoice = { serverId: number; protocol: Protocol; countryCode: string; countryName: string }

export type CreateResult =
  | { ok: true; keyId: number }
  | { ok: false; error: 'noSubscription' | 'limitReached' | 'invalidDevice' | 'invalidServer' | 'provisioningFailed' }

/** Every country and protocol a device key can be made for: enabled VIP servers and what they offer. */
export async function vipChoices(payload: Payload, locale: Locale, user: User): Promise<VipChoice[]> {
  const servers = await payload.find({
    collection: 'servers',
    where: { and: [{ tier: { equals: 'vip' } }, { enabled: { equals: true } }] },
    pagination: false,
    depth: 1,
    locale,
    overrideAccess: false,
    user,
    select: { country: true, protocols: true, name: true },
  })
  return servers.docs
    .flatMap((server) => {
      const country = server.country as Country
      return (server.protocols ?? []).map((entry) => ({ serverId: server.id, protocol: entry.protocol, countryCode: country.code, countryName: country.name }))
    })
    .sort((a, b) => a.countryName.localeCompare(b.countryName, locale) || a.protocol.localeCompare(b.protocol))
}

/** The form's value for a choice: `server id:protocol`. */
export function targetValue(choice: Pick<VipChoice, 'serverId' | 'protocol'>): string {
  return `${choice.serverId}:${choice.protocol}`
}

/** Protocols phone apps import straight from a link come first (vless, outline, trojan), then the rest; Hysteria 2 last (fewer apps read it). */
const FIRST_KEY_PROTOCOLS: readonly Protocol[] = ['vless', 'outline', 'trojan', 'wireguard', 'openvpn', 'sstp', 'hysteria2']

/** The choice for a buyer's first key: the first country offering the most phone-friendly protocol. */
export function firstKeyChoice(choices: readonly VipChoice[]): VipChoice | null {
  for (const protocol of FIRST_KEY_PROTOCOLS) {
    const choice = choices.find((candidate) => candidate.protocol === protocol)
    if (choice) return choice
  }
  return null
}

/**
 * The first key of a subscriber who has none yet (made when they follow the purchase e-mail's link); null when
 * they already have keys, have no subscription, or no server could issue one (the page then offers the form).
 */
export async function createFirstDeviceKey(payload: Payload, user: User, { locale, device }: { locale: Locale; device: string }): Promise<number | null> {
  if ((await countDeviceKeys(payload, user)) > 0) return null
  const choice = firstKeyChoice(await vipChoices(payload, locale, user))
  if (!choice) return null
  const created = await createDeviceKey(payload, user, { serverId: choice.serverId, protocol: choice.protocol, device })
  return created.ok ? created.keyId : null
}

/** The user's live device keys (inside `req`'s transaction when given, as the limit check under the lock needs). */
export async function countDeviceKeys(payload: Payload, user: User, req?: PayloadRequest): Promise<number> {
  const { totalDocs } = await payload.count({
    collection: 'keys',
    where: { and: [{ owner: { equals: user.id } }, { tier: { equals: 'vip' } }, { revokedAt: { exists: false } }] },
    overrideAccess: false,
    user,
    req,
  })
  return totalDocs
}

export function cleanDeviceLabel(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const label = value.replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return label.length > 0 && label.length <= DEVICE_LABEL_MAX ? label : null
}

export async function createDeviceKey(
  payload: Payload,
  user: User,
  input: { serverId: unknown; protocol: unknown; device: unknown },
): Promise<CreateResult> {
  const device = cleanDeviceLabel(input.device)
  if (!device) return { ok: false, error: 'invalidDevice' }
  const serverId = Number(input.serverId)
  if (!Number.isInteger(serverId) || serverId <= 0 || !isProtocol(input.protocol)) return { ok: false, error: 'invalidServer' }
  const protocol = input.protocol
  if (!(await vipSubscriptionOf(payload, user.id, { as: user }))) return { ok: false, error: 'noSubscription' }
  const server = (await payload.findByID({ collection: 'servers', id: serverId, depth: 1, disableErrors: true })) as Server | null
  const country = server && typeof server.country === 'object' ? server.country : null
  if (!server || !country || server.tier !== 'vip' || !server.enabled || !server.protocols?.some((entry) => entry.protocol === protocol)) {
    return { ok: false, error: 'invalidServer' }
  }

  // Counted and created under a lock per user, so two requests at once cannot make an eleventh key, and per
  // server, so two keys issued at once never get the same port or name on it.
  let issued: IssuedKey | null = null
  const locks = [LOCKS.deviceKeys(user.id), LOCKS.provisioning(server.id)]
  try {
    return await withTransaction(payload, locks, async (req): Promise<CreateResult> => {
      if ((await countDeviceKeys(payload, user, req)) >= MAX_DEVICE_KEYS) return { ok: false, error: 'limitReached' }
      try {
        // VIP keys live as long as the subscription: no expiry of their own; they are revoked when it ends.
        issued = await issueKeyOn(server, country.code, protocol, null, await providerRefsOn(payload, server.id, req))
      } catch (error) {
        payload.logger.error({ err: error, msg: `Device key on ${server.name} (${protocol}) could not be issued` })
        return { ok: false, error: 'provisioningFailed' }
      }
      const key = await payload.create({
        collection: 'keys',
        data: {
          server: server.id,
          protocol,
          tier: 'vip',
          owner: user.id,
          deviceLabel: device,
          // Apps list the key by its link's name: the device's, as the subscriber typed it.
          keyString: issued.keyString === null ? null : withLinkName(issued.keyString, device),
          configFile: issued.configFile ?? undefined,
          connection: issued.connection ?? undefined,
          expiresAt: null,
          providerRef: issued.providerRef,
        },
        depth: 0,
        req,
      })
      return { ok: true, keyId: key.id }
    })
  } catch (error) {
    // Issued but not recorded (the row or the commit failed): revoked again, as recordIssuedKey does.
    if (issued) await revokeUnrecordedKey(server, issued)
    throw error
  }
}

/** How long a subscriber's revocation waits before it reaches the server: "Undo" brings the key back until then. */
export const REVOKE_UNDO_SECONDS = 30

/**
 * Revokes one of the user's own keys; false when it is not theirs (or already revoked). The key leaves the lists and
 * the subscription at once; the server stops it after the undo window (job `revokeDeviceKey`, or the rotation as a
 * safety net), so an undo in time gives back the very same key.
 */
export async function revokeDeviceKey(payload: Payload, user: User, keyId: number, now: Date = new Date()): Promise<boolean> {
  const found = await payload.find({
    collection: 'keys',
    where: { and: [{ id: { equals: keyId } }, { owner: { equals: user.id } }, { tier: { equals: 'vip' } }] },
    limit: 1,
    depth: 0,
    overrideAccess: false,
    user,
  })
  if (!found.docs[0]) return false
  const after = new Date(now.getTime() + REVOKE_UNDO_SECONDS * 1000)
  await withTransaction(payload, LOCKS.deviceKey(keyId), async (req) => {
    await payload.update({ collection: 'keys', id: keyId, data: { revokedAt: now.toISOString(), revokeOnServerAfter: after.toISOString() }, depth: 0, req })
    await payload.jobs.queue({ task: 'revokeDeviceKey', input: { key: keyId }, waitUntil: after, req })
  })
  return true
}

/** The user's key whose revocation can still be undone (its device name for the notice), or null. */
export async function undoableRevocation(payload: Payload, user: User, keyId: number, now: Date = new Date()): Promise<{ id: number; device: string } | null> {
  if (!Number.isInteger(keyId) || keyId <= 0) return null
  const { docs } = await payload.find({
    collection: 'keys',
    where: { and: [{ id: { equals: keyId } }, { owner: { equals: user.id } }, { revokedAt: { exists: true } }, { revokeOnServerAfter: { greater_than: now.toISOString() } }] },
    limit: 1,
    depth: 0,
    select: { deviceLabel: true },
  })
  return docs[0] ? { id: docs[0].id, device: docs[0].deviceLabel ?? '' } : null
}

/** Undoes a revocation while it has not reached the server; false when too late, not theirs, or no room left. */
export async function undoRevokeDeviceKey(payload: Payload, user: User, keyId: number, now: Date = new Date()): Promise<'restored' | 'tooLate' | 'limitReached'> {
  return withTransaction(payload, [LOCKS.deviceKeys(user.id), LOCKS.deviceKey(keyId)], async (req) => {
    const key = await payload.findByID({ collection: 'keys', id: keyId, depth: 0, req, disableErrors: true })
    const owner = key && (typeof key.owner === 'object' ? key.owner?.id : key.owner)
    const pendingUntil = key?.revokeOnServerAfter ? Date.parse(key.revokeOnServerAfter) : 0
    if (!key || owner !== user.id || !key.revokedAt || pendingUntil <= now.getTime()) return 'tooLate'
    if ((await countDeviceKeys(payload, user, req)) >= MAX_DEVICE_KEYS) return 'limitReached'
    await payload.update({ collection: 'keys', id: keyId, data: { revokedAt: null, revokeOnServerAfter: null }, depth: 0, req })
    return 'restored'
  })
}

/**
 * When a subscription ends: every VIP key of its user stops being served, unless another subscription of
 * theirs still gives VIP access (`force` for a purged account, which keeps nothing).
 */
export async function revokeAllVipKeys(
  payload: Payload,
  userId: number,
  { force = false, req }: { force?: boolean; req?: PayloadRequest } = {},
): Promise<void> {
  // Inside the caller's transaction when there is one, so a change it just made counts.
  if (!force && (await vipSubscriptionOf(payload, userId, { req }))) return
  const keys = await payload.find({
    collection: 'keys',
    // Live keys, and keys whose revocation is still in its undo window: they are stopped on the server now.
    where: {
      and: [
        { owner: { equals: userId } },
        { tier: { equals: 'vip' } },
        { or: [{ revokedAt: { exists: false } }, { revokeOnServerAfter: { exists: true } }] },
      ],
    },
    pagination: false,
    depth: 0,
    select: { protocol: true },
  })
  await revokeKeys(
    payload,
    keys.docs.map((key) => key.id),
  )
}
