// Prometheus metrics of this app instance (src/lib/metrics), for a scraper holding METRICS_TOKEN; absent (404)
// while the operator has not set one. Scrape each instance at its own address: through nginx a scrape reaches
// either instance (docs/operating/monitoring.md).
import { NextResponse } from 'next/server'

import { payloadClient } from '@/edge/payload'
import { env } from '@/lib/env'
import { isBearer } from '@/lib/metrics/bearer'
import { collectDatabaseGauges } from '@/lib/metrics/databaseGauges'
import { metrics } from '@/lib/metrics/metrics'

export const dynamic = 'force-dynamic'

const NO_STORE = { 'Cache-Control': 'no-store' }

export async function GET(request: Request) {
  const token = env().METRICS_TOKEN
  if (!token) return NextResponse.json({ error: 'notFound' }, { status: 404, headers: NO_STORE })
  if (!isBearer(request.headers.get('authorization'), token)) {
    return NextResponse.json({ error: 'unauthorized' }, { status: 401, headers: { ...NO_STORE, 'WWW-Authenticate': 'Bearer' } })
  }
  const all = metrics()
  try {
    await collectDatabaseGauges(await payloadClient(), all)
  } catch (error) {
    // The request metrics still say what happened; readiness says the database is down.
    console.warn(`[metrics] database figures not read: ${error instanceof Error ? error.message : String(error)}`)
  }
  return new NextResponse(await all.registry.metrics(), { headers: { ...NO_STORE, 'Content-Type': all.registry.contentType } })
}
