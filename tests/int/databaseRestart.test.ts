// The database drops the app's connections (as a restart or a failover does): the app keeps running and the
// next query works on a new connection.
import { Client } from 'pg'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { testPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await testPayload()
})

describe('a database restart', () => {
  it('ends no process: idle connections dropped by the server are replaced on the next query', async () => {
    await Promise.all([1, 2, 3].map(() => payload.find({ collection: 'countries', limit: 1, depth: 0 })))
    const pool = (payload.db as unknown as { pool: { _clients: { processID: number }[] } }).pool
    const pids = pool._clients.map((client) => client.processID)
    expect(pids.length).toBeGreaterThan(0)
    const admin = new Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    try {
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids])
    } finally {
      await admin.end()
    }
    // The pool hears of it (an unheard pool error would end this test process).
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await payload.find({ collection: 'countries', limit: 1, depth: 0 })).docs).toHaveLength(1)
  })
})
