// POST to replace the subscriber's subscription URL: the old one stops working at once.
import { z } from 'zod'

import { formRoute } from '@/edge/formRoute'
import { rotateFeedUrl } from '@/lib/feeds/personalUrl'

export const POST = formRoute({
  input: z.object({}),
  auth: 'required',
  handle: async ({ user, payload, redirect }) => {
    await rotateFeedUrl(payload, user.id)
    return redirect('/profile/servers', { url: 'reset' })
  },
})
