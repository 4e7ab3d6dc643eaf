// POST to revoke one of the signed-in subscriber's device keys.
import { NextResponse } from 'next/server'

import { currentUser } from '@/lib/auth/currentUser'
import { payloadClient } from '@/lib/data/payload'
import { env } from '@/lib/env'
import { localizedPath } from '@/lib/routing/localizedPath'
import { revokeDeviceKey } from '@/lib/vip/deviceKeys'

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const form = await request.formData().catch(() => new FormData())
  const locale = form.get('locale') === 'en' ? 'en' : 'ru'
  const user = await currentUser(request.headers)
  if (!user) return NextResponse.redirect(`${env().serverUrl}${localizedPath('/login', locale)}`, 303)
  const id = Number((await params).id)
  const revoked = Number.isInteger(id) && id > 0 ? await revokeDeviceKey(await payloadClient(), user, id) : false
  return NextResponse.redirect(`${env().serverUrl}${localizedPath('/profile/servers', locale)}?${revoked ? 'revoked=1' : 'error=notFound'}`, 303)
}
