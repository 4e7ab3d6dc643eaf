// Access for editors and admins (the people who work in /admin).
import type { Access } from 'payload'

import { isStaff } from './roles'

export const staffOnly: Access = ({ req: { user } }) => isStaff(user)
