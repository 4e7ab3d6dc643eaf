// A visitor copied a free key: the copy buttons' beacon (src/islands/keyTaken.ts), counted once per key and
// network address an hour (src/lib/probes/keyTakes.ts). Nothing to say back: 204 whether it counted or not.
import { NextResponse } from 'next/server'

import { payloadClient } from '@/edge/payload'
import { clientIp } from '@/lib/http/clientIp'
import { refuseCrossSite } from '@/lib/http/sameSite'
import { recordKeyTake } from '@/lib/probes/keyTakes'
import { recordId } from '@/lib/validation/recordId'

export const POST = refuseCrossSite(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const parsed = recordId.safeParse((await params).id)
  if (!parsed.success) return NextResponse.json({ error: 'invalid_key_id' }, { status: 400 })
  await recordKeyTake(await payloadClient(), parsed.data, clientIp(request.headers))
  return new NextResponse(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
})
