// Field-level access for values only admins may see or change (server credentials, roles).
import type { FieldAccess } from 'payload'

import { isAdminUser } from './roles'

export const adminOnlyField: FieldAccess = ({ req: { user } }) => isAdminUser(user)
