// POST the "new device key" form: a key on the chosen VIP server and protocol, named by device.
import { z } from 'zod'

import { formRoute } from '@/edge/formRoute'
import { createDeviceKey } from '@/lib/vip/deviceKeys'

export const POST = formRoute({
  input: z.object({ target: z.string().catch(''), device: z.string().optional() }),
  auth: 'required',
  handle: async ({ data, user, payload, redirect }) => {
    const [serverId, protocol] = data.target.split(':')
    const result = await createDeviceKey(payload, user, { serverId, protocol, device: data.device })
    if (!result.ok) return redirect('/profile/servers', { error: result.error, device: (data.device ?? '').slice(0, 60), target: data.target.slice(0, 40) })
    return redirect('/profile/servers', { created: String(result.keyId) })
  },
})
