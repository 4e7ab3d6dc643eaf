// deploy/nginx's page cache against an app that misbehaves: Debian's nginx, configured from the template as in
// production, in front of a small HTTP server this test controls (the app itself cannot be made to fail on cue).
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freePort } from '../../scripts/lib/ports'
import { startNginx } from '../helpers/nginx'
import type { RunningNginx } from '../helpers/nginx'

type Answer = { status: number; headers: Record<string, string>; body: string }

let answer: Answer = { status: 200, headers: {}, body: '' }
let app: Server
let upstreamPort = 0
let nginx: RunningNginx
let base: string
const folder = mkdtempSync(path.join(tmpdir(), 'nginx-cache-'))
const VISITOR = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0', 'accept-language': 'ru-RU,ru;q=0.9' }

beforeAll(async () => {
  app = createServer((_request, response) => {
    response.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8', ...answer.headers })
    response.end(answer.body)
  })
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve))
  upstreamPort = (app.address() as AddressInfo).port
  const port = await freePort()
  nginx = await startNginx({ dir: folder, listenPort: port, upstreams: [`127.0.0.1:${upstreamPort}`] })
  base = `http://127.0.0.1:${port}`
})

afterAll(async () => {
  await nginx.close()
  app.closeAllConnections()
  await new Promise((resolve) => app.close(resolve))
  rmSync(folder, { recursive: true, force: true })
})

async function get(pathname: string): Promise<{ status: number; cache: string | null; body: string }> {
  const response = await fetch(`${base}${pathname}`, { headers: VISITOR })
  return { status: response.status, cache: response.headers.get('x-cache-status'), body: await response.text() }
}

describe('nginx page cache', () => {
  it('serves the last good page while the app answers errors and while it is down', async () => {
    answer = { status: 200, headers: { 'cache-control': 's-maxage=1, stale-while-revalidate=60' }, body: 'page v1' }
    expect(await get('/de')).toMatchObject({ status: 200, cache: 'MISS', body: 'page v1' })
    expect(await get('/de')).toMatchObject({ status: 200, cache: 'HIT', body: 'page v1' })
    // Well past s-maxage: nginx keeps time in whole seconds, updated when its worker wakes (1.5 s once gave a HIT in CI).
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    answer = { status: 500, headers: {}, body: 'A server error has occurred' }
    const duringErrors = await get('/de')
    expect(duringErrors).toMatchObject({ status: 200, body: 'page v1' })
    expect(duringErrors.cache).toMatch(/^(STALE|UPDATING)$/)
    // The app goes down (nginx's kept-alive connections with it).
    const closed = new Promise<void>((resolve) => app.close(() => resolve()))
    app.closeAllConnections()
    await closed
    expect(await get('/de')).toMatchObject({ status: 200, body: 'page v1' })
    // Back up: the next refresh brings the new page.
    answer = { status: 200, headers: { 'cache-control': 's-maxage=1' }, body: 'page v2' }
    await new Promise<void>((resolve) => app.listen(upstreamPort, '127.0.0.1', resolve))
    await expect.poll(async () => (await get('/de')).body, { timeout: 5_000 }).toBe('page v2')
  })

  it('never keeps a response that sets a cookie, or one that is private', async () => {
    const answers: Record<string, string>[] = [{ 'cache-control': 's-maxage=60', 'set-cookie': 'NEXT_LOCALE=ru; Path=/' }, { 'cache-control': 'private, no-store' }]
    for (const headers of answers) {
      answer = { status: 200, headers, body: 'personal' }
      const pathname = `/vless?case=${encodeURIComponent(Object.keys(headers).join('-'))}`
      expect((await get(pathname)).cache).toBe('MISS')
      expect((await get(pathname)).cache, JSON.stringify(headers)).toBe('MISS')
    }
  })
})
