// POST: the signed-in user's consent to marketing e-mail (off until they switch it on).
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { currentUser } from '@/lib/auth/currentUser'
import { payloadClient } from '@/lib/data/payload'

const input = z.object({ consent: z.boolean() })

export async function POST(request: Request) {
  const user = await currentUser(request.headers)
  if (!user) return NextResponse.json({ ok: false, error: 'unauthorized' }, { status: 401 })
  const parsed = input.safeParse(await request.json().catch(() => ({})))
  if (!parsed.success) return NextResponse.json({ ok: false, error: 'invalidValue' }, { status: 400 })
  const payload = await payloadClient()
  await payload.update({
    collection: 'users',
    id: user.id,
    data: { marketingConsent: parsed.data.consent },
    user,
    overrideAccess: false,
    depth: 0,
  })
  return NextResponse.json({ ok: true, consent: parsed.data.consent })
}
