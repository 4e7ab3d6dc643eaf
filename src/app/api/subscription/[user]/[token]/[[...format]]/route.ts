// The personal subscription URL: the user's VIP keys in the format their app reads (by User-Agent, or the
// suffix /base64, /clash, /singbox, /outline), with the headers apps show. Wrong or revoked tokens, unknown
// suffixes and ended subscriptions get 404. A browser opening the bare URL is sent to the subscription page.
// The site's own server answers apps' polls before Next.js (src/server/subscriptionFastPath.ts) with the same
// answer (src/lib/feeds/personalAnswer.ts); this route serves the rest (browsers, `next dev`, tests).
import { NextResponse } from 'next/server'

import { sqlPool } from '@/lib/db/pool'
import { payloadClient } from '@/edge/payload'
import { env } from '@/lib/env'
import { pollSiteOf, requestedHost } from '@/lib/http/siteHosts'
import { requestOrigin } from '@/lib/http/siteUrl'
import { visitorLocale } from '@/lib/http/visitorLocale'
import { localizedPath } from '@/lib/routing/localizedPath'
import { isSubscriptionFormat, wantsPage } from '@/lib/feeds/clients'
import { polledDevice } from '@/lib/feeds/devices'
import { answerPersonalPoll } from '@/lib/feeds/personalAnswer'
import { isFeedPathToken } from '@/lib/feeds/personalPath'

const notFound = () => NextResponse.json({ error: 'not_found' }, { status: 404, headers: { 'Cache-Control': 'no-store' } })

type Params = Promise<{ user: string; token: string; format?: string[] }>

export async function GET(request: Request, { params }: { params: Params }) {
  const { user, token, format: suffix = [] } = await params
  if (!isFeedPathToken(user, token)) return notFound()
  if (suffix.length > 1 || (suffix.length === 1 && !isSubscriptionFormat(suffix[0]))) return notFound()
  // An explicit format is what was asked for, even in a browser; the bare URL opens the page there, which checks the
  // token itself (a wrong one gets the site's 404 screen).
  if (suffix.length === 0 && wantsPage(request.headers.get('accept'), request.headers.get('user-agent'))) {
    const page = `${requestOrigin(request.headers)}${localizedPath(`/subscription/${user}/${token}`, visitorLocale(request))}`
    return NextResponse.redirect(page, { status: 303, headers: { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' } })
  }
  const header = (name: string) => request.headers.get(name)
  const poll = { userId: Number(user), token, suffix: suffix[0], userAgent: header('user-agent'), ifNoneMatch: header('if-none-match'), device: polledDevice(header) }
  const answer = await answerPersonalPoll(sqlPool(await payloadClient()), poll, pollSiteOf(env().hosts, requestedHost(header)))
  return new NextResponse(answer.body, { status: answer.status, headers: answer.headers })
}
