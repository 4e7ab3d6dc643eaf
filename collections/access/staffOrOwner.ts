// Read access to per-user records: staff see all, a signed-in user only rows whose `user` is them.
import type { Access } from 'payload'

import { isStaff } from './roles'

export const staffOrOwner: Access = ({ req: { user } }) => {
  if (isStaff(user)) return true
  if (!user) return false
  return { user: { equals: user.id } }
}
