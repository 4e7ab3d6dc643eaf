// POST: delete the signed-in user's account (restorable for 30 days); signs out everywhere.
import { NextResponse } from 'next/server'

import { deleteAccount } from '@/lib/auth/accountDeletion'
import { currentUser } from '@/lib/auth/currentUser'
import { SIGNED_IN_COOKIE } from '@/lib/auth/signedInMarker'
import { payloadClient } from '@/lib/data/payload'

export async function POST(request: Request) {
  const user = await currentUser(request.headers)
  if (!user) return NextResponse.json({ ok: false, error: 'unauthorized' }, { status: 401 })
  const payload = await payloadClient()
  await deleteAccount(payload, user.id)
  const response = NextResponse.json({ ok: true })
  response.cookies.set(`${payload.config.cookiePrefix}-token`, '', { path: '/', maxAge: 0 })
  response.cookies.set(SIGNED_IN_COOKIE, '', { path: '/', maxAge: 0 })
  return response
}
