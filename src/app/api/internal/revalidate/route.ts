// Internal: background jobs of this server ask for public pages to be revalidated (see src/lib/data/revalidate.ts).
import { revalidateTag } from 'next/cache'
import { NextResponse } from 'next/server'

import { isRevalidateToken, PUBLIC_DATA_TAG, REVALIDATE_TOKEN_HEADER } from '@/lib/data/revalidate'

export async function POST(request: Request) {
  if (!isRevalidateToken(request.headers.get(REVALIDATE_TOKEN_HEADER))) return NextResponse.json({ error: 'forbidden' }, { status: 403 })
  revalidateTag(PUBLIC_DATA_TAG, { expire: 0 })
  return new NextResponse(null, { status: 204 })
}
