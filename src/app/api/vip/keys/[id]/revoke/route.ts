// POST to revoke one of the signed-in subscriber's device keys.
import { z } from 'zod'

import { formRoute } from '@/edge/formRoute'
import { revokeDeviceKey } from '@/lib/vip/deviceKeys'
import { recordId } from '@/lib/validation/recordId'

const input = z.object({})

export const POST = formRoute<typeof input, { id: string }, 'required'>({
  input,
  auth: 'required',
  handle: async ({ user, payload, params, redirect }) => {
    const id = recordId.safeParse(params.id)
    const revoked = id.success ? await revokeDeviceKey(payload, user, id.data) : false
    return redirect('/profile/servers', revoked && id.success ? { revoked: String(id.data) } : { error: 'notFound' })
  },
})
