// INCY's autorouting (`incy://autorouting/onadd/{this address}`, in the VIP subscription's headers and body): the
// routing profile the subscription's `routing` header carries, which the app fetches again each day to keep it
// current. The same for everyone, so a shared cache may keep it; a 404 while editors send everything through the VPN.
import { NextResponse } from 'next/server'

import { defaultLocale } from '@/i18n/locales'
import { payloadClient } from '@/lib/db/payload'
import { vipFeedTitle } from '@/lib/feeds/personalAnswer'
import { directRouting, happRoutingProfile } from '@/lib/feeds/routing'

const CACHE = 'public, max-age=300, s-maxage=300, stale-while-revalidate=60'

export async function GET() {
  const payload = await payloadClient()
  const settings = await payload.findGlobal({ slug: 'site-settings', locale: defaultLocale, depth: 0, select: { siteName: true, routing: true } })
  const routing = directRouting(settings.routing, settings.routing?.changedAt)
  if (!routing) return NextResponse.json({ error: 'not_found' }, { status: 404, headers: { 'Cache-Control': CACHE } })
  return NextResponse.json(happRoutingProfile(routing, vipFeedTitle(settings.siteName)), { headers: { 'Cache-Control': CACHE } })
}
