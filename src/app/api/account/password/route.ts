// POST: set or change the signed-in user's optional password (then password login works too).
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { formRoute } from '@/lib/http/formRoute'

const PASSWORD_MIN_LENGTH = 8

export const POST = formRoute({
  input: z.object({
    password: z.string({ error: 'passwordTooShort' }).min(PASSWORD_MIN_LENGTH, 'passwordTooShort').max(128, 'passwordTooLong'),
  }),
  auth: 'required',
  handle: async ({ data, user, payload }) => {
    // On the user's behalf: the collection's access rules apply (a user may change only their own record).
    await payload.update({ collection: 'users', id: user.id, data: { password: data.password }, user, overrideAccess: false, depth: 0 })
    return NextResponse.json({ ok: true })
  },
})
