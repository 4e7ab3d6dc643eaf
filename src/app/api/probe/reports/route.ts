// A probe reports what it found: results for keys lent to it count once, anything else is ignored
// (src/lib/probes/rounds.ts). Bounded: 64 KB, a hundred results.
import { payloadClient } from '@/edge/payload'
import { boundedBytes } from '@/lib/http/boundedBody'
import { NO_STORE, probeOrRefusal } from '@/lib/probes/api'
import { acceptReport, MAX_REPORT_BYTES, probeReport } from '@/lib/probes/rounds'

export const dynamic = 'force-dynamic'

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

export async function POST(request: Request): Promise<Response> {
  const payload = await payloadClient()
  const found = await probeOrRefusal(payload, request)
  if ('refusal' in found) return found.refusal
  const bytes = await boundedBytes(request, MAX_REPORT_BYTES).catch(() => null)
  if (bytes === null) return Response.json({ error: 'too_large' }, { status: 413, headers: NO_STORE })
  const report = probeReport.safeParse(parse(new TextDecoder().decode(bytes)))
  if (!report.success) return Response.json({ error: 'invalid_report' }, { status: 400, headers: NO_STORE })
  return Response.json(await acceptReport(payload, found.probe, report.data), { headers: NO_STORE })
}
