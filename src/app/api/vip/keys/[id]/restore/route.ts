// POST to undo the revocation of one of the signed-in subscriber's device keys, within its undo window.
import { z } from 'zod'

import { formRoute } from '@/lib/http/formRoute'
import { undoRevokeDeviceKey } from '@/lib/vip/deviceKeys'

const input = z.object({})
const keyId = z.coerce.number().int().positive().max(2_147_483_647)

export const POST = formRoute<typeof input, { id: string }, 'required'>({
  input,
  auth: 'required',
  handle: async ({ user, payload, params, redirect }) => {
    const id = keyId.safeParse(params.id)
    const result = id.success ? await undoRevokeDeviceKey(payload, user, id.data) : 'tooLate'
    if (result === 'restored') return redirect('/profile/servers', { restored: '1' })
    return redirect('/profile/servers', { error: result === 'limitReached' ? 'limitReached' : 'undoTooLate' })
  },
})
