// The tariffs page's speed test: the browser downloads and uploads measured amounts. Sizes are capped
// and each address gets a few tests per ten minutes, so it cannot be used to burn our bandwidth.
import { randomBytes } from 'node:crypto'

import { NextResponse } from 'next/server'

import { consumeIpAllowance } from '@/lib/http/rateLimit'
import { clientIp } from '@/lib/http/clientIp'
import { refuseCrossSite } from '@/lib/http/sameSite'
import { payloadClient } from '@/edge/payload'

const MAX_DOWNLOAD_BYTES = 4 * 1024 * 1024
const MAX_UPLOAD_BYTES = 2 * 1024 * 1024

// Random, so no compression on the way can flatter the figure; made once per process.
let sample: Buffer | undefined

const noStore = { 'Cache-Control': 'no-store', 'Content-Encoding': 'identity' }

async function allowed(request: Request): Promise<NextResponse | null> {
  const allowance = await consumeIpAllowance(await payloadClient(), 'speedTest', clientIp(request.headers))
  if (allowance.ok) return null
  return NextResponse.json({ error: 'rateLimited' }, { status: 429, headers: { 'Retry-After': String(allowance.retryAfterSeconds) } })
}

export async function GET(request: Request) {
  const refused = await allowed(request)
  if (refused) return refused
  // Only the query is read from the request's URL (its host is the server's own).
  const asked = Number(new URL(request.url).searchParams.get('bytes') ?? MAX_DOWNLOAD_BYTES)
  const size = Number.isInteger(asked) && asked > 0 ? Math.min(asked, MAX_DOWNLOAD_BYTES) : MAX_DOWNLOAD_BYTES
  sample ??= randomBytes(MAX_DOWNLOAD_BYTES)
  return new NextResponse(new Uint8Array(sample.subarray(0, size)), {
    headers: { ...noStore, 'Content-Type': 'application/octet-stream', 'Content-Length': String(size) },
  })
}

// Another site must not make its visitors' browsers upload to us.
export const POST = refuseCrossSite(async (request: Request) => {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > MAX_UPLOAD_BYTES) return NextResponse.json({ error: 'tooLarge' }, { status: 413, headers: noStore })
  const refused = await allowed(request)
  if (refused) return refused
  let received = 0
  const reader = request.body?.getReader()
  while (reader) {
    const { done, value } = await reader.read()
    if (done) break
    received += value.byteLength
    if (received > MAX_UPLOAD_BYTES) {
      await reader.cancel()
      return NextResponse.json({ error: 'tooLarge' }, { status: 413, headers: noStore })
    }
  }
  return NextResponse.json({ received }, { headers: noStore })
})
