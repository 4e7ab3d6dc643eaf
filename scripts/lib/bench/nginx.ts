// nginx in front of the bench's server, from deploy/nginx's template as production and the tests run it: the
// "through nginx" load table measures pages from its cache against a build file from the same cache.
import { readdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'

import { startNginx } from '../../../tests/helpers/nginx'
import { freePort } from '../ports'
import { onCleanup } from './cleanup'

const root = path.resolve(import.meta.dirname, '../../..')

/**
 * The build file closest in size to the home page. The load tool reads every byte it is sent, and on this machine
 * it, not nginx, is what runs out of CPU first (autocannon at 110 % while nginx served a cached 110 KB page at 7 %),
 * so a baseline of another size would measure bytes, not the proxy's work per page.
 */
function buildFileOfSize(bytes: number): string {
  const dir = path.join(root, '.next/static/chunks')
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, size: statSync(path.join(dir, name)).size }))
  const closest = files.sort((a, b) => Math.abs(a.size - bytes) - Math.abs(b.size - bytes))[0]
  if (!closest) throw new Error('no build files to measure nginx with')
  return `/_next/static/chunks/${closest.name}`
}

export async function startBenchNginx(appUrl: string, headers: Record<string, string>): Promise<{ baseUrl: string; staticPath: string }> {
  const port = await freePort()
  // A cache left by an earlier run would hold another server's pages.
  const dir = path.resolve(root, '.test/bench-nginx')
  rmSync(dir, { recursive: true, force: true })
  const proxy = await startNginx({ dir, listenPort: port, upstreams: [new URL(appUrl).host] })
  onCleanup(() => proxy.close())
  const baseUrl = `http://127.0.0.1:${port}`
  const home = await (await fetch(new URL('/', baseUrl), { headers })).arrayBuffer()
  return { baseUrl, staticPath: buildFileOfSize(home.byteLength) }
}
