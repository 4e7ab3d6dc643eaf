// Field-level access for values only editors and admins may see (health details, server-side ids, errors).
import type { FieldAccess } from 'payload'

import { isStaff } from './roles'

export const staffOnlyField: FieldAccess = ({ req: { user } }) => isStaff(user)
