// The personal subscription URL: the user's VIP share links for client apps, with the headers they read
// (expiry and title). Wrong or revoked tokens and ended subscriptions get 404.
import { NextResponse } from 'next/server'

import { payloadClient } from '@/lib/data/payload'
import { subscriptionFeed, userForSubscriptionToken } from '@/lib/vip/subscriptionUrl'

const notFound = () => NextResponse.json({ error: 'not_found' }, { status: 404, headers: { 'Cache-Control': 'no-store' } })

export async function GET(_request: Request, { params }: { params: Promise<{ user: string; token: string }> }) {
  const { user, token } = await params
  if (!/^\d{1,9}$/.test(user) || !/^[A-Za-z0-9_-]{43}$/.test(token)) return notFound()
  const payload = await payloadClient()
  const userId = await userForSubscriptionToken(payload, Number(user), token)
  if (!userId) return notFound()
  const { siteName } = await payload.findGlobal({ slug: 'site-settings', depth: 0 })
  const feed = await subscriptionFeed(payload, userId, siteName)
  if (!feed) return notFound()
  const expire = feed.expiresAt ? Math.floor(feed.expiresAt.getTime() / 1000) : 0
  return new NextResponse(feed.body, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'Profile-Title': `base64:${Buffer.from(feed.title, 'utf8').toString('base64')}`,
      'Profile-Update-Interval': '24',
      'Subscription-Userinfo': `upload=0; download=0; total=0; expire=${expire}`,
      'X-Robots-Tag': 'noindex, nofollow',
    },
  })
}
