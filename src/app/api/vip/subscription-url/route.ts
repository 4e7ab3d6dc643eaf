// POST to replace the subscriber's subscription URL: the old one stops working at once.
import { NextResponse } from 'next/server'

import { currentUser } from '@/lib/auth/currentUser'
import { payloadClient } from '@/lib/data/payload'
import { env } from '@/lib/env'
import { localizedPath } from '@/lib/routing/localizedPath'
import { rotateSubscriptionUrl } from '@/lib/vip/subscriptionUrl'

export async function POST(request: Request) {
  const form = await request.formData().catch(() => new FormData())
  const locale = form.get('locale') === 'en' ? 'en' : 'ru'
  const user = await currentUser(request.headers)
  if (!user) return NextResponse.redirect(`${env().serverUrl}${localizedPath('/login', locale)}`, 303)
  await rotateSubscriptionUrl(await payloadClient(), user.id)
  return NextResponse.redirect(`${env().serverUrl}${localizedPath('/profile/servers', locale)}?url=reset`, 303)
}
