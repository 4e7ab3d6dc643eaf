// What anyone but staff may read through Payload's generated API (the hook every collection runs, which REST and
// GraphQL share): a bounded page, a bounded depth, a bounded number of reads per address; the Local API and staff
// as before. The same requests over HTTP, REST and GraphQL, are in tests/e2e/security.spec.ts.
import type { Payload, PayloadRequest } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { API_READ_DEPTH, API_READ_LIMIT, boundApiReads } from '@collections/hooks/boundApiReads'
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
  // Every country is seeded: more than a page of them, readable by anyone.
  expect((await payload.count({ collection: 'countries', overrideAccess: false })).totalDocs).toBeGreaterThan(API_READ_LIMIT)
})

describe('anonymous and customer API reads', () => {
  it('never return more than a page of documents, whatever limit or pagination is asked for', async () => {
    for (const user of [undefined, customer]) {
      for (const asked of [{ pagination: false }, { limit: 100_000 }, { limit: 0 }, { limit: -1 }, { limit: 'all' as unknown as number }, { pagination: false, limit: 100_000 }]) {
        const found = await payload.find({ collection: 'countries', overrideAccess: false, ...asked, req: apiReq(user) })
        expect(found.docs.length, JSON.stringify(asked)).toBe(API_READ_LIMIT)
        expect(found.hasNextPage).toBe(true)
      }
    }
  })

  it('keep a smaller limit and page through the rest', async () => {
    const second = await payload.find({ collection: 'countries', overrideAccess: false, limit: 5, page: 2, sort: 'code', req: apiReq() })
    expect(second.docs).toHaveLength(5)
    expect(second.page).toBe(2)
  })

  it('populate relationships one level deep at most', async () => {
    const asked = { collection: { slug: 'keys' }, context: {}, operation: 'read' as const, overrideAccess: false }
    const bounded = (await boundApiReads({ ...asked, args: { depth: 5, limit: 1000 }, req: { ...apiReq(), payload } } as unknown as Parameters<typeof boundApiReads>[0])) as { depth: number; limit: number }
    expect([bounded.depth, bounded.limit]).toEqual([API_READ_DEPTH, API_READ_LIMIT])
    const byId = (await boundApiReads({ ...asked, args: { id: 1, depth: 3 }, req: { ...apiReq(), payload } } as unknown as Parameters<typeof boundApiReads>[0])) as { depth: number; limit?: number }
    expect([byId.depth, byId.limit]).toEqual([API_READ_DEPTH, undefined])
    // Relationships of documents already read pass as they are.
    const nested = { depth: 2, currentDepth: 1, pagination: false }
    expect(await boundApiReads({ ...asked, args: nested, req: { ...apiReq(), payload } } as unknown as Parameters<typeof boundApiReads>[0])).toEqual(nested)
  })

  it('of keys are refused: the whole table is not for strangers to sort or filter (pages, feeds and My servers serve them)', async () => {
    for (const user of [undefined, customer]) {
      await expect(payload.find({ collection: 'keys', overrideAccess: false, limit: 1, req: apiReq(user) })).rejects.toMatchObject({ status: 403 })
      await expect(payload.count({ collection: 'keys', overrideAccess: false, req: apiReq(user) })).rejects.toMatchObject({ status: 403 })
    }
  })

  it('are limited per network address: the 121st read within a minute is refused, another address is not', async () => {
    const ip = '203.0.113.250'
    for (let read = 0; read < 120; read += 1) await payload.count({ collection: 'countries', overrideAccess: false, req: apiReq(undefined, ip) })
    await expect(payload.find({ collection: 'countries', overrideAccess: false, limit: 1, req: apiReq(undefined, ip) })).rejects.toMatchObject({ status: 429 })
    await expect(payload.find({ collection: 'countries', overrideAccess: false, limit: 1, req: apiReq(undefined, '203.0.113.251') })).resolves.toBeTruthy()
  })
})

describe('reads that stay as they were', () => {
  it('Payload’s own reads in an API request (the session check) are neither bounded nor counted', async () => {
    const ip = '203.0.113.240'
    for (let read = 0; read < 130; read += 1) await payload.findByID({ collection: 'users', id: customer.id, overrideAccess: true, req: apiReq(undefined, ip) })
    await expect(payload.find({ collection: 'countries', overrideAccess: false, limit: 1, req: apiReq(undefined, ip) })).resolves.toBeTruthy()
  })

  it('staff over the API and the site through the Local API read what they ask for', async () => {
    const staff = await payload.find({ collection: 'keys', overrideAccess: false, pagination: false, req: apiReq(editor) })
    expect(staff.docs.length).toBeGreaterThan(API_READ_LIMIT)
    const site = await payload.find({ collection: 'keys', overrideAccess: false, pagination: false })
    expect(site.docs.length).toBeGreaterThan(API_READ_LIMIT)
    const mine = await payload.find({ collection: 'keys', overrideAccess: false, limit: 1, user: customer })
    expect(mine.docs).toHaveLength(1)
  })
})
