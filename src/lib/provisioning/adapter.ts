// The contract every adapter keeps (src/lib/provisioning/adapters/<name>/, one per kind of server the admin can
// choose): issue a key on the server for a protocol, revoke it by the reference it was issued under; and what the
// site knows of each adapter (AdapterDefinition), from which the admin's choice, its fields and the docs are built.
import type { Field } from 'payload'

import type { Protocol } from '@/lib/keys'
import type { Server } from '@/payload-types'

import type { ServerHealth } from './health'

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

/** The credentials every panel may need, in a server's admin-only group (collections/Servers/credentials.ts). */
export type Credential = 'apiUrl' | 'apiToken' | 'username' | 'password' | 'certSha256' | 'keyDataLimitGb'

type Text = { ru: string; en: string }

/** One kind of server the admin can choose (admin → Servers → "Where keys come from"), in its folder's index.ts. */
export type AdapterDefinition = {
  /** Stored in each server's `adapter`, a database enum: a new value comes with a migration. */
  value: string
  label: Text
  /** The protocols it issues keys of. */
  protocols: readonly Protocol[]
  /** The panels and versions it speaks, for the docs' table (docs/operating/panels.md). */
  speaks: string
  /** The test that holds it to its panel's published contract (tests/int/…), for the same table. */
  contractTest: string | null
  /** The shared credentials it reads; where one needs this adapter's own words (where its panel shows it), those. */
  credentials: Partial<Record<Credential, true | Text>>
  /** Credentials only it reads, shown only for servers that use it (each a column: a new one comes with a migration). */
  ownCredentials?: Field[]
  adapter: ProvisioningAdapter
  /** Its own check of a server, in place of connecting to each protocol's port (src/lib/provisioning/health.ts). */
  health?: (server: Server) => Promise<ServerHealth>
}
