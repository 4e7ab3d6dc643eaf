// POST: delete the signed-in user's account (restorable for 30 days); signs out everywhere.
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { deleteAccount } from '@/lib/auth/accountDeletion'
import { SIGNED_IN_COOKIE } from '@/lib/auth/signedInMarker'
import { formRoute } from '@/edge/formRoute'

export const POST = formRoute({
  input: z.object({}),
  auth: 'required',
  handle: async ({ user, payload }) => {
    await deleteAccount(payload, user.id)
    const response = NextResponse.json({ ok: true })
    response.cookies.set(`${payload.config.cookiePrefix}-token`, '', { path: '/', maxAge: 0 })
    response.cookies.set(SIGNED_IN_COOKIE, '', { path: '/', maxAge: 0 })
    return response
  },
})
