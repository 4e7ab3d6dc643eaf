// Internal: background jobs of this server ask for public pages to be revalidated (see src/lib/data/revalidate.ts).
import { revalidateTag } from 'next/cache'
import { NextResponse } from 'next/server'

import { PUBLIC_DATA_TAG } from '@/lib/data/revalidate'
import { isRevalidateToken, REVALIDATE_TOKEN_HEADER } from '@/lib/data/revalidateToken'
import { env } from '@/lib/env'

export async function POST(request: Request) {
  if (!isRevalidateToken(request.headers.get(REVALIDATE_TOKEN_HEADER), env().PAYLOAD_SECRET)) return NextResponse.json({ error: 'forbidden' }, { status: 403 })
  revalidateTag(PUBLIC_DATA_TAG, { expire: 0 })
  return new NextResponse(null, { status: 204 })
}
