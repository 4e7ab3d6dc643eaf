// A probe asks what to check: up to `limit` keys of its country that are due, lent to it for ten minutes
// (src/lib/probes/rounds.ts), and the page to fetch through each (LIVENESS_CHECK_URL, as the site's own check).
// POST, as it changes what the next probe is given.
import { payloadClient } from '@/edge/payload'
import { env } from '@/lib/env'
import { isProtocol, PROTOCOLS } from '@/lib/keys'
import { NO_STORE, probeOrRefusal } from '@/lib/probes/api'
import { assignKeys, LEASE_MS, MAX_ASSIGNED_PER_REQUEST } from '@/lib/probes/rounds'

export const dynamic = 'force-dynamic'

export async function POST(request: Request): Promise<Response> {
  const payload = await payloadClient()
  const found = await probeOrRefusal(payload, request)
  if ('refusal' in found) return found.refusal
  const params = new URL(request.url).searchParams
  const wanted = Number(params.get('limit') ?? MAX_ASSIGNED_PER_REQUEST)
  const limit = Number.isSafeInteger(wanted) && wanted > 0 ? Math.min(wanted, MAX_ASSIGNED_PER_REQUEST) : MAX_ASSIGNED_PER_REQUEST
  // The protocols the probe can check (`?protocols=vless,trojan,outline`); a key it cannot check is left to others.
  const asked = (params.get('protocols') ?? '').split(',').filter(isProtocol)
  const keys = await assignKeys(payload, found.probe, limit, new Date(), asked.length > 0 ? asked : PROTOCOLS)
  return Response.json({ probe: { name: found.probe.name, country: found.probe.country, network: found.probe.network }, reportWithinSeconds: LEASE_MS / 1000, checkUrl: env().LIVENESS_CHECK_URL, keys }, { headers: NO_STORE })
}
