// A record id from a URL: a positive PostgreSQL integer, so a made-up one is a clean 400/404, never a database error.
import { z } from 'zod'

export const recordId = z.coerce.number().int().positive().max(2_147_483_647)
