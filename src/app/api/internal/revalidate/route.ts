// Internal: background jobs of this server ask for public pages to be revalidated (see src/lib/data/revalidate.ts).
import { revalidateTag } from 'next/cache'
import { NextResponse } from 'next/server'

import { scopeTag } from '@/lib/data/revalidate'
import { isRevalidateToken, REVALIDATE_TOKEN_HEADER } from '@/lib/data/revalidateToken'
import { env } from '@/lib/env'

export async function POST(request: Request) {
  if (!isRevalidateToken(request.headers.get(REVALIDATE_TOKEN_HEADER), env().PAYLOAD_SECRET)) return NextResponse.json({ error: 'forbidden' }, { status: 403 })
  // ?scope=keys: only what keys feed (a job changed keys); anything else: everything public.
  revalidateTag(scopeTag(new URL(request.url).searchParams.get('scope') === 'keys' ? 'keys' : 'all'), { expire: 0 })
  return new NextResponse(null, { status: 204 })
}
