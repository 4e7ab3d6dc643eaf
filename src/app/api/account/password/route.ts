// POST: set or change the signed-in user's optional password (then password login works too).
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { currentUser } from '@/lib/auth/currentUser'
import { payloadClient } from '@/lib/data/payload'

const PASSWORD_MIN_LENGTH = 8

const input = z.object({ password: z.string().min(PASSWORD_MIN_LENGTH, 'passwordTooShort').max(128, 'passwordTooLong') })

export async function POST(request: Request) {
  const user = await currentUser(request.headers)
  if (!user) return NextResponse.json({ ok: false, error: 'unauthorized' }, { status: 401 })
  const parsed = input.safeParse(await request.json().catch(() => ({})))
  if (!parsed.success) return NextResponse.json({ ok: false, error: parsed.error.issues[0]?.message ?? 'passwordTooShort' }, { status: 400 })
  const payload = await payloadClient()
  // On the user's behalf: the collection's access rules apply (a user may change only their own record).
  await payload.update({ collection: 'users', id: user.id, data: { password: parsed.data.password }, user, overrideAccess: false, depth: 0 })
  return NextResponse.json({ ok: true })
}
