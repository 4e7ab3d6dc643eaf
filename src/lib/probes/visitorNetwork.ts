// Which of the probes' networks a visitor is on, from their address alone: the probes of the visitors' country name
// their networks' AS numbers (Probes → AS numbers), and the offline IP-to-ASN database (src/lib/net/asn.ts) says
// which system the address is in. Nothing is stored: the address is looked up and forgotten. The table is built once
// per process for the set of numbers the probes name, and again only when that set changes.
import type { Payload } from 'payload'

import { sqlPool } from '@/lib/db/pool'
import { asnOf, loadAsnTable } from '@/lib/net/asn'
import type { AsnTable } from '@/lib/net/asn'

import { audienceCountry } from './rounds'

/** The probes' networks change when an admin edits one: read again at most this often. */
const NETWORKS_FOR_MS = 60_000

type Networks = { byAsn: Map<number, string>; readAt: number }

const state: { networks: Networks | null; table: { key: string; table: Promise<AsnTable> } | null } = { networks: null, table: null }

async function probeNetworks(payload: Payload, now: number): Promise<Map<number, string>> {
  if (state.networks && now - state.networks.readAt < NETWORKS_FOR_MS) return state.networks.byAsn
  const { rows } = await sqlPool(payload).query(
    `SELECT network, asns FROM probes WHERE country = $1 AND revoked_at IS NULL AND asns IS NOT NULL AND demo IS NOT TRUE ORDER BY id`,
    [await audienceCountry(payload)],
  )
  const byAsn = new Map<number, string>()
  for (const row of rows as { network: string; asns: string }[]) {
    for (const part of row.asns.split(',')) {
      const asn = Number(part)
      if (Number.isSafeInteger(asn) && asn > 0 && !byAsn.has(asn)) byAsn.set(asn, row.network)
    }
  }
  state.networks = { byAsn, readAt: now }
  return byAsn
}

/** The network (as its probes name it) the address is on, or null: not one the probes check, or not an address. */
export async function visitorNetwork(payload: Payload, address: string, now: number = Date.now()): Promise<string | null> {
  const byAsn = await probeNetworks(payload, now)
  if (byAsn.size === 0) return null
  const key = [...byAsn.keys()].sort((a, b) => a - b).join(',')
  if (state.table?.key !== key) {
    const entry = { key, table: loadAsnTable(new Set(byAsn.keys())) }
    // A table that could not be read is read again by the next request, not kept as a failure for good.
    entry.table.catch(() => {
      if (state.table === entry) state.table = null
    })
    state.table = entry
  }
  const asn = asnOf(await state.table.table, address)
  return asn === null ? null : (byAsn.get(asn) ?? null)
}

/** Forgets what was read (tests, after changing the probes). */
export function forgetVisitorNetworks(): void {
  state.networks = null
}
