// Downloads a key's configuration file (or its share link as text) with the protocol's file name and type.
import { NextResponse } from 'next/server'

import { currentReader } from '@/edge/currentUser'
import { readKeyFile } from '@/lib/data/keys'
import { payloadClient } from '@/edge/payload'
import { clientIp } from '@/lib/http/clientIp'
import { attachmentDisposition } from '@/lib/keys'
import { recordKeyTake } from '@/lib/probes/keyTakes'
import { recordId } from '@/lib/validation/recordId'


export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const parsed = recordId.safeParse((await params).id)
  if (!parsed.success) return NextResponse.json({ error: 'invalid_key_id' }, { status: 400 })
  // A free key for anyone; otherwise the signed-in subscriber's own VIP key.
  let file = await readKeyFile(parsed.data)
  // A free key's download is a take (src/lib/probes/keyTakes.ts).
  if (file) await recordKeyTake(await payloadClient(), parsed.data, clientIp(request.headers))
  else {
    const user = await currentReader(request.headers)
    if (user) file = await readKeyFile(parsed.data, user)
  }
  if (!file) return NextResponse.json({ error: 'key_not_found' }, { status: 404 })
  return new NextResponse(file.content, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': attachmentDisposition(file.filename),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
