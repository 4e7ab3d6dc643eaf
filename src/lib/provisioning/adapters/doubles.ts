// Doubles of the VPN panels' management APIs, each built to the panel's published contract, for the adapters'
// contract tests (tests/int) and for the rotation the e2e suite runs through every protocol's adapter. Each double
// (the `double.ts` in its adapter's folder) is a request handler over state the test reads and steers; `serveDouble`
// puts one on a loopback port. No test framework is imported here: Vitest and Playwright both use these. Nothing
// the site runs imports them.
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void> | void

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export type ServedDouble = { url: string; close: () => Promise<void> }

/** Serves `handler` on a free loopback port: `url` is http://127.0.0.1:PORT. */
export async function serveDouble(handler: Handler): Promise<ServedDouble> {
  const http = createServer((request, response) => void handler(request, response))
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: async () => {
      http.closeAllConnections()
      await new Promise((resolve) => http.close(resolve))
    },
  }
}

export const sendJson = (response: ServerResponse, status: number, body?: unknown, type = 'application/json') => {
  response.writeHead(status, body === undefined ? {} : { 'content-type': type })
  response.end(body === undefined ? undefined : typeof body === 'string' && type !== 'application/json' ? body : JSON.stringify(body))
}
