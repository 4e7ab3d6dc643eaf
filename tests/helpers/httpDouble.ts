// An in-test HTTP server standing in for a VPN panel's API (built to the panel's published contract): started on a
// free loopback port before the file's tests, closed after them.
import type { IncomingMessage, ServerResponse } from 'node:http'

import { afterAll, beforeAll } from 'vitest'

import { serveDouble } from '../../src/lib/provisioning/adapters/doubles'
import type { ServedDouble } from '../../src/lib/provisioning/adapters/doubles'

export { readBody } from '../../src/lib/provisioning/adapters/doubles'

/** Serves `handler` for the file's tests; `url()` is its base address (http://127.0.0.1:PORT) once they run. */
export function httpDouble(handler: (request: IncomingMessage, response: ServerResponse) => Promise<void> | void): { url: () => string } {
  let served: ServedDouble | null = null
  beforeAll(async () => {
    served = await serveDouble(handler)
  })
  afterAll(async () => {
    await served?.close()
  })
  return { url: () => served?.url ?? '' }
}
