// The visitor's own network, for the lists' "your operator" note (src/islands/network.ts): answered from their
// address and the probes' networks (src/lib/probes/visitorNetwork.ts), never cached, nothing stored. The pages stay
// one cached copy for everyone; only this small answer is the visitor's.
import { payloadClient } from '@/edge/payload'
import { clientIp } from '@/lib/http/clientIp'
import { visitorNetwork } from '@/lib/probes/visitorNetwork'

export const dynamic = 'force-dynamic'

const PRIVATE = { 'cache-control': 'private, no-store' }

export async function GET(request: Request): Promise<Response> {
  const network = await visitorNetwork(await payloadClient(), clientIp(request.headers))
  return Response.json({ network }, { headers: PRIVATE })
}
