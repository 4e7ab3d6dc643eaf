// nginx in front of the bench's server, from deploy/nginx's template as production and the tests run it: the
// "through nginx" load table measures pages from its cache against a build file from the same cache.
import { rmSync } from 'node:fs'
import path from 'node:path'

import { startNginx } from '../../../tests/helpers/nginx'
import { freePort } from '../ports'
import { onCleanup } from './cleanup'

export async function startBenchNginx(appUrl: string, headers: Record<string, string>): Promise<{ baseUrl: string; staticPath: string }> {
  const port = await freePort()
  // A cache left by an earlier run would hold another server's pages.
  const dir = path.resolve(import.meta.dirname, '../../../.test/bench-nginx')
  rmSync(dir, { recursive: true, force: true })
  const proxy = await startNginx({ dir, listenPort: port, upstreams: [new URL(appUrl).host] })
  onCleanup(() => proxy.close())
  const baseUrl = `http://127.0.0.1:${port}`
  // A build file the home page loads: nginx keeps it for a year, so it is served as a static file would be.
  const html = await (await fetch(new URL('/', baseUrl), { headers })).text()
  const staticPath = /\/_next\/static\/chunks\/[^"]+\.js/.exec(html)?.[0]
  if (!staticPath) throw new Error('no build file on / to measure nginx with')
  return { baseUrl, staticPath }
}
