// Access for admins only: credentials, raw auth and provider records.
import type { Access } from 'payload'

import { isAdminUser } from './roles'

export const adminOnly: Access = ({ req: { user } }) => isAdminUser(user)

/** The same rule where Payload wants a plain yes or no (its jobs' queue, run and cancel). */
export const isAdminRequest = ({ req }: { req: { user?: unknown } }): boolean => isAdminUser(req.user as Parameters<typeof isAdminUser>[0])
