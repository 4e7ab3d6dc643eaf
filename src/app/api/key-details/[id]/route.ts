// The key detail modal's data: one current free key (cacheable), or the signed-in subscriber's own VIP key
// (private), in the asked language.
import { NextResponse } from 'next/server'
import type { NextRequest } from 'next/server'
import { z } from 'zod'

import { locales } from '@/i18n/locales'
import { currentUser } from '@/edge/currentUser'
import { getKeyDetailsView, getOwnKeyDetailsView } from '@/lib/data/keyDetailsView'
import { requestOrigin } from '@/lib/http/siteUrl'
import { recordId } from '@/lib/validation/recordId'

const input = z.object({ id: recordId, locale: z.enum(locales).catch('ru') })

export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const parsed = input.safeParse({ id: (await params).id, locale: request.nextUrl.searchParams.get('locale') })
  if (!parsed.success) return NextResponse.json({ error: 'invalid_key_id' }, { status: 400 })
  const payload = await getKeyDetailsView(parsed.data.id, parsed.data.locale, requestOrigin(request.headers))
  if (payload) return NextResponse.json(payload, { headers: { 'Cache-Control': 'public, max-age=30' } })
  const user = await currentUser(request.headers)
  const own = user ? await getOwnKeyDetailsView(parsed.data.id, parsed.data.locale, user, requestOrigin(request.headers)) : null
  if (!own) return NextResponse.json({ error: 'key_not_found' }, { status: 404, headers: { 'Cache-Control': 'private, no-store' } })
  return NextResponse.json(own, { headers: { 'Cache-Control': 'private, no-store' } })
}
