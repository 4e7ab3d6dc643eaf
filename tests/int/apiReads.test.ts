// What anyone but staff may read through Payload's generated API (the hook every collection runs, which REST and
// GraphQL share): a bounded page, a bounded depth, a bounded number of reads per address; the Local API and staff
// as before. The same requests over HTTP, REST and GraphQL, are in tests/e2e/security.spec.ts.
import type { Payload, PayloadRequest } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { API_READ_DEPTH, API_READ_LIMIT } from '@collections/hooks/boundApiReads'
import type { User } from '@/payload-types'

import { createUser, testPayload } from '../helpers/payload'

let payload: Payload
let editor: User
let customer: User
let address = 0

/** A request as Payload's REST handler makes it, from a network address of its own. */
function apiReq(user?: User, ip = `203.0.113.${(address += 1)}`): Partial<PayloadRequest> {
  return {
    payloadAPI: 'REST',
    headers: new Headers({ 'x-forwarded-for': ip }),
    ...(user ? { user: { ...user, collection: 'users' } as PayloadRequest['user'] } : {}),
  }
}

beforeAll(async () => {
  payload = await testPayload()
  ;[editor, customer] = await Promise.all([createUser('editor'), createUser('customer')])
  const listed = await payload.count({ collection: 'keys', overrideAccess: false })
  // The seed lists a few hundred keys: enough for a read that would pass the bound.
  expect(listed.totalDocs).toBeGreaterThan(API_READ_LIMIT)
})

describe('anonymous and customer API reads', () => {
  it('never return more than a page of documents, whatever limit or pagination is asked for', async () => {
    for (const user of [undefined, customer]) {
      for (const asked of [{ pagination: false }, { limit: 100_000 }, { limit: 0 }, { limit: -1 }, { limit: 'all' as unknown as number }, { pagination: false, limit: 100_000 }]) {
        const found = await payload.find({ collection: 'keys', overrideAccess: false, ...asked, req: apiReq(user) })
        expect(found.docs.length, JSON.stringify(asked)).toBe(API_READ_LIMIT)
        expect(found.hasNextPage).toBe(true)
      }
    }
  })

  it('keep a smaller limit and page through the rest', async () => {
    const first = await payload.find({ collection: 'keys', overrideAccess: false, limit: 5, page: 2, sort: 'id', req: apiReq() })
    expect(first.docs).toHaveLength(5)
    expect(first.page).toBe(2)
  })

  it('populate relationships one level deep at most', async () => {
    const found = await payload.find({ collection: 'keys', overrideAccess: false, limit: 1, depth: 5, req: apiReq() })
    const server = found.docs[0]!.server
    expect(typeof server).toBe('object')
    // The server's own country stays an id: depth 1.
    expect(typeof (server as { country: unknown }).country).not.toBe('object')
    const one = await payload.findByID({ collection: 'keys', id: found.docs[0]!.id, overrideAccess: false, depth: 5, req: apiReq() })
    expect(typeof (one.server as { country: unknown }).country).not.toBe('object')
    expect(API_READ_DEPTH).toBe(1)
  })

  it('are limited per network address: the 121st read within a minute is refused, another address is not', async () => {
    const ip = '203.0.113.250'
    for (let read = 0; read < 120; read += 1) await payload.count({ collection: 'countries', overrideAccess: false, req: apiReq(undefined, ip) })
    await expect(payload.find({ collection: 'countries', overrideAccess: false, limit: 1, req: apiReq(undefined, ip) })).rejects.toMatchObject({ status: 429 })
    await expect(payload.find({ collection: 'countries', overrideAccess: false, limit: 1, req: apiReq(undefined, '203.0.113.251') })).resolves.toBeTruthy()
  })
})

describe('reads that stay as they were', () => {
  it('staff over the API and the site through the Local API read what they ask for', async () => {
    const staff = await payload.find({ collection: 'keys', overrideAccess: false, pagination: false, req: apiReq(editor) })
    expect(staff.docs.length).toBeGreaterThan(API_READ_LIMIT)
    const site = await payload.find({ collection: 'keys', overrideAccess: false, pagination: false })
    expect(site.docs.length).toBeGreaterThan(API_READ_LIMIT)
  })
})
