// A request that failed while the database was down past the pool's wait is answered 503 with Retry-After, on a real
// HTTP server; any other 500 stays a 500. And the pool notes that the database could not be reached, against a port
// where nothing listens.
import { createServer } from 'node:http'
import type { Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'

import { databaseUnreachableLately, noteDatabaseUnreachable, surviveRestarts } from '@/lib/db/pool'
import { answerOutageAs503 } from '@/server/outage'

let server: Server | undefined
afterEach(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve))
  server = undefined
})

async function serve(unreachable: boolean, answer: (response: ServerResponse) => void): Promise<Response> {
  server = createServer((_request, response) => {
    answerOutageAs503(response, () => unreachable)
    answer(response)
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/de`)
}

const failed = (response: ServerResponse) => {
  response.statusCode = 500
  response.setHeader('Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate')
  response.end('<h1>500</h1>')
}

describe('a request that failed for the database’s outage', () => {
  it('is answered 503 with Retry-After, uncached, with the page it rendered', async () => {
    const response = await serve(true, failed)
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('5')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.text()).toBe('<h1>500</h1>')
  })

  it('stays a 500 when the database was reachable, and nothing else changes', async () => {
    expect((await serve(false, failed)).status).toBe(500)
    server!.close()
    const ok = await serve(true, (response) => response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok'))
    expect(ok.status).toBe(200)
    expect(ok.headers.get('retry-after')).toBeNull()
    server!.close()
    expect((await serve(true, (response) => response.writeHead(404).end())).status).toBe(404)
  })

  it('is noted by the pool once the wait is over, and forgotten after twice the wait', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', max: 1 })
    surviveRestarts(pool, 200)
    noteDatabaseUnreachable(0)
    expect(databaseUnreachableLately()).toBe(false)
    await expect(pool.query('select 1')).rejects.toMatchObject({ code: 'ECONNREFUSED' })
    expect(databaseUnreachableLately()).toBe(true)
    expect(databaseUnreachableLately(10_000, Date.now() + 10_001)).toBe(false)
    await pool.end()
  })
})
