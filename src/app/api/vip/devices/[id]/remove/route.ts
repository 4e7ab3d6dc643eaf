// POST to remove one of the signed-in subscriber's devices (My servers → "Remove device"): its place is free at once.
import { z } from 'zod'

import { formRoute } from '@/edge/formRoute'
import { recordId } from '@/lib/validation/recordId'
import { removeOwnDevice } from '@/lib/feeds/ownDevices'

const input = z.object({})

export const POST = formRoute<typeof input, { id: string }, 'required'>({
  input,
  auth: 'required',
  handle: async ({ user, payload, params, redirect }) => {
    const id = recordId.safeParse(params.id)
    const removed = id.success && (await removeOwnDevice(payload, user, id.data))
    return redirect('/profile/servers', removed ? { deviceRemoved: '1' } : { error: 'deviceNotFound' })
  },
})
