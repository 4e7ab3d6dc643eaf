// The signed-in user of a request, through Payload's own authentication (cookie or Authorization header).
import type { User } from '@/payload-types'

import { payloadClient } from '../data/payload'

export async function currentUser(headers: Headers): Promise<User | null> {
  const payload = await payloadClient()
  const { user } = await payload.auth({ headers })
  return user && user.collection === 'users' ? (user as User) : null
}
