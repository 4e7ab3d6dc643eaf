// INCY's autorouting (`incy://autorouting/onadd/{this address}`, in the VIP subscription's headers and body): the
// routing profile the subscription's `routing` header carries, which the app fetches again each day to keep it
// current. The same for everyone, so a shared cache may keep it; a 404 while editors send everything through the VPN.
import { NextResponse } from 'next/server'

import { defaultLocale } from '@/i18n/locales'
import { getSettings } from '@/lib/data/settings'
import { vipFeedTitle } from '@/lib/feeds/personalAnswer'
import { happRoutingProfile } from '@/lib/feeds/routing'

const CACHE = 'public, max-age=300, s-maxage=300, stale-while-revalidate=60'

// The public settings' cached copy (dropped when editors save, at most a minute old): a poll of this address costs
// no database read, however many apps fetch it.
export async function GET() {
  const { routing, siteName } = await getSettings(defaultLocale)
  if (!routing) return NextResponse.json({ error: 'not_found' }, { status: 404, headers: { 'Cache-Control': CACHE } })
  return NextResponse.json(happRoutingProfile(routing, vipFeedTitle(siteName)), { headers: { 'Cache-Control': CACHE } })
}
