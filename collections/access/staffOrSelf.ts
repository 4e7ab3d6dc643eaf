// Access to user documents: staff see all users, a signed-in user only their own.
import type { Access } from 'payload'

import { isAdminUser, isStaff } from './roles'

export const staffOrSelf: Access = ({ req: { user } }) => {
  if (isStaff(user)) return true
  if (!user) return false
  return { id: { equals: user.id } }
}

export const adminOrSelf: Access = ({ req: { user } }) => {
  if (isAdminUser(user)) return true
  if (!user) return false
  return { id: { equals: user.id } }
}
