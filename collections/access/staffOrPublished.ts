// Read access to drafts-enabled content: staff see drafts, everyone else published documents.
import type { Access } from 'payload'

import { isStaff } from './roles'

export const staffOrPublished: Access = ({ req: { user } }) => {
  if (isStaff(user)) return true
  return { _status: { equals: 'published' } }
}
