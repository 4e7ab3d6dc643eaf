// POST the "new device key" form: a key on the chosen VIP server and protocol, named by device.
import { NextResponse } from 'next/server'

import { currentUser } from '@/lib/auth/currentUser'
import { payloadClient } from '@/lib/data/payload'
import { env } from '@/lib/env'
import { localizedPath } from '@/lib/routing/localizedPath'
import { createDeviceKey } from '@/lib/vip/deviceKeys'

export async function POST(request: Request) {
  const form = await request.formData().catch(() => new FormData())
  const locale = form.get('locale') === 'en' ? 'en' : 'ru'
  const page = `${env().serverUrl}${localizedPath('/profile/servers', locale)}`
  const user = await currentUser(request.headers)
  if (!user) return NextResponse.redirect(`${env().serverUrl}${localizedPath('/login', locale)}`, 303)
  const [serverId, protocol] = String(form.get('target') ?? '').split(':')
  const device = form.get('device')
  const result = await createDeviceKey(await payloadClient(), user, { serverId, protocol, device })
  if (!result.ok) {
    const query = new URLSearchParams({ error: result.error, device: typeof device === 'string' ? device.slice(0, 60) : '' })
    return NextResponse.redirect(`${page}?${query.toString()}`, 303)
  }
  return NextResponse.redirect(`${page}?created=${result.keyId}`, 303)
}
