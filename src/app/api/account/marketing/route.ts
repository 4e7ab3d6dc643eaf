// POST: the signed-in user's consent to marketing e-mail (off until they switch it on).
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { formRoute } from '@/edge/formRoute'

export const POST = formRoute({
  input: z.object({ consent: z.boolean({ error: 'invalidValue' }) }),
  auth: 'required',
  handle: async ({ data, user, payload }) => {
    await payload.update({
      collection: 'users',
      id: user.id,
      data: { marketingConsent: data.consent },
      user,
      overrideAccess: false,
      depth: 0,
    })
    return NextResponse.json({ ok: true, consent: data.consent })
  },
})
