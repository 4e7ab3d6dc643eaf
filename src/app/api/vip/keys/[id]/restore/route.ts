// POST to undo the revocation of one of the signed-in subscriber's device keys, within its undo window.
import { z } from 'zod'

import { formRoute } from '@/edge/formRoute'
import { undoRevokeDeviceKey } from '@/lib/vip/deviceKeys'
import { recordId } from '@/lib/validation/recordId'

const input = z.object({})

export const POST = formRoute<typeof input, { id: string }, 'required'>({
  input,
  auth: 'required',
  handle: async ({ user, payload, params, redirect }) => {
    const id = recordId.safeParse(params.id)
    const result = id.success ? await undoRevokeDeviceKey(payload, user, id.data) : 'tooLate'
    if (result === 'restored') return redirect('/profile/servers', { restored: '1' })
    return redirect('/profile/servers', { error: result === 'limitReached' ? 'limitReached' : 'undoTooLate' })
  },
})
