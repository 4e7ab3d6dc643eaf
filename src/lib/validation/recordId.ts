// A record id from a URL: a positive PostgreSQL integer, so a made-up one is a clean 400/404, never a database error.
import { z } from 'zod'

export const recordId = z.coerce.number().int().positive().max(2_147_483_647)

/** The id of a relationship as Payload gives it: the id itself (depth 0) or the document it names. */
export function idOf(value: number | { id: number }): number
export function idOf(value: number | { id: number } | null | undefined): number | null
export function idOf(value: number | { id: number } | null | undefined): number | null {
  return value == null ? null : typeof value === 'object' ? value.id : value
}
