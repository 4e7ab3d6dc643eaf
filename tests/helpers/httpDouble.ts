// An in-test HTTP server standing in for a VPN panel's API (built to the panel's published contract): started on a
// free loopback port before the tests, closed after them, with the request body read as text.
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll } from 'vitest'

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** Serves `handler` for the file's tests; `url()` is its base address (http://127.0.0.1:PORT) once they run. */
export function httpDouble(handler: (request: IncomingMessage, response: ServerResponse) => Promise<void> | void): { url: () => string } {
  const http = createServer((request, response) => void handler(request, response))
  let base = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    http.closeAllConnections()
    await new Promise((resolve) => http.close(resolve))
  })
  return { url: () => base }
}
