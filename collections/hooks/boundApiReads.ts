// What anyone but staff may ask of Payload's generated REST and GraphQL API: at most API_READ_LIMIT documents a
// read, always paginated, relationships at most API_READ_DEPTH deep, and API reads per network address limited.
// Without it one anonymous `GET /api/keys?pagination=false&depth=2`, or a GraphQL query of forty aliased
// `Keys(limit: 100000)`, reads the whole table. The site's own pages read through the Local API and are not bounded.
import type { CollectionBeforeOperationHook, SanitizedConfig } from 'payload'
import { APIError } from 'payload'

import { consumeIpAllowance } from '@/lib/http/rateLimit'
import { clientIp } from '@/lib/http/clientIp'
import { isStaff } from '../access/roles'

/** A page of a public list is ten keys; a script paging through the API gets ten times that per request. */
export const API_READ_LIMIT = 100
/** A key with its server and country: one level, never the server's own relationships. */
export const API_READ_DEPTH = 1

type ReadArgs = { id?: unknown; limit?: unknown; depth?: unknown; pagination?: unknown; currentDepth?: unknown }

const BOUNDED_OPERATIONS = new Set<string>(['read', 'count', 'readDistinct', 'countVersions'])

function boundedLimit(limit: unknown): number {
  const asked = Number(limit)
  return Number.isInteger(asked) && asked > 0 ? Math.min(asked, API_READ_LIMIT) : API_READ_LIMIT
}

function boundedDepth(depth: unknown): number {
  const asked = Number(depth)
  return Number.isInteger(asked) && asked >= 0 ? Math.min(asked, API_READ_DEPTH) : API_READ_DEPTH
}

export const boundApiReads: CollectionBeforeOperationHook = async ({ args, operation, overrideAccess, req }) => {
  // Reads that skip access rules are Payload's own or the site's code (the session check reads the signed-in user
  // with the REST request, before req.user is known): never bounded, never counted.
  if (req.payloadAPI === 'local' || overrideAccess || !BOUNDED_OPERATIONS.has(operation) || isStaff(req.user)) return args
  const read = args as ReadArgs
  // The relationships of documents already read come through the same operation, with the depth they are at.
  if (read.currentDepth !== undefined) return args
  const allowance = await consumeIpAllowance(req.payload, 'apiRead', clientIp(req.headers))
  if (!allowance.ok) throw new APIError('tooManyRequests', 429, { retryAfterSeconds: allowance.retryAfterSeconds }, true)
  if (operation === 'count' || operation === 'countVersions') return args
  if (read.id !== undefined) return { ...args, depth: boundedDepth(read.depth) }
  return { ...args, limit: boundedLimit(read.limit), pagination: true, depth: boundedDepth(read.depth) }
}

/** Every collection, Payload's own included, gets the bound as its first hook. */
export function boundApiReadsEverywhere(config: SanitizedConfig): SanitizedConfig {
  for (const collection of config.collections) {
    collection.hooks.beforeOperation = [boundApiReads, ...(collection.hooks.beforeOperation ?? [])]
  }
  return config
}
