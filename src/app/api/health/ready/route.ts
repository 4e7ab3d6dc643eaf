// Readiness of this app instance for uptime checks, compose's health check and load balancers: 200 when it can serve,
// 503 with the part that cannot (src/lib/health). Never cached. While the instance stops, the site's server answers
// 503 here itself (src/server/main.ts).
import { NextResponse } from 'next/server'

import { payloadClient } from '@/edge/payload'
import { readiness } from '@/lib/health/readiness'
import type { Readiness } from '@/lib/health/readiness'
import { readinessProbes } from '@/lib/health/probes'

export const dynamic = 'force-dynamic'

const NOT_STARTED: Readiness = { status: 'not-ready', checks: { database: 'down', migrations: 'unknown', redis: 'unknown', jobs: 'unknown' } }

/** Anyone may ask, as often as they like: one check a second at most, shared by the requests that come meanwhile. */
const REUSE_MS = 1_000
let last: { at: number; result: Promise<Readiness> } | undefined

async function check(): Promise<Readiness> {
  try {
    return await readiness(await readinessProbes(await payloadClient()))
  } catch {
    // Payload could not start (its database unreachable since boot).
    return NOT_STARTED
  }
}

export async function GET() {
  if (!last || Date.now() - last.at > REUSE_MS) last = { at: Date.now(), result: check() }
  const result = await last.result
  return NextResponse.json(result, { status: result.status === 'ready' ? 200 : 503, headers: { 'Cache-Control': 'no-store' } })
}
