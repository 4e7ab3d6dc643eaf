// The contract every adapter keeps (src/lib/provisioning/*.ts, one per kind of server the admin can choose): issue a
// key on the server for a protocol, revoke it by the reference it was issued under.
import type { Protocol } from '@/lib/keys'
import type { Server } from '@/payload-types'

/** What an adapter hands back: the key as users get it, and the reference it is revoked by. */
export type IssuedKey = {
  keyString: string | null
  configFile: { filename: string; content: string } | null
  connection: { host: string; port: number; login: string; password: string } | null
  expiresAt: Date | null
  providerRef: string
}

export class ProvisioningUnavailableError extends Error {
  override name = 'ProvisioningUnavailableError'
}

export type IssueRequest = {
  server: Server
  countryCode: string
  protocol: Protocol
  port: number
  lifetimeHours: number | null
  /** Provider references of the server's live keys (e.g. ports in use), so a new key never collides. */
  inUse: string[]
  label: string
}

/**
 * What a panel says of a key's use (src/lib/probes/panelUse.ts): its traffic so far, when it was last online, and the
 * addresses its clients came from. Each is null (or empty) where the panel does not tell it.
 */
export type KeyUse = { bytes: number | null; lastOnlineAt: Date | null; addresses: string[] }

/** A byte count as a panel's JSON gives it: a finite number, or 0 for anything else (none counted yet). */
export function bytesOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0
}

/** A time as a panel's JSON gives it (an ISO date text), or null for anything that is not one. */
export function timeOf(value: unknown): Date | null {
  if (typeof value !== 'string') return null
  const time = new Date(value)
  return Number.isNaN(time.getTime()) ? null : time
}

export interface ProvisioningAdapter {
  issue(request: IssueRequest): Promise<IssuedKey>
  revoke(server: Server, providerRef: string): Promise<void>
  /** The use of the keys issued under `providerRefs`, where the panel reports it; a key it does not know is left out. */
  usage?(server: Server, providerRefs: string[]): Promise<Map<string, KeyUse>>
}
