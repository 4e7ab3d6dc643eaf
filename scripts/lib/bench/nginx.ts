// nginx in front of the bench's server, from deploy/nginx's template as production and the tests run it: the
// "through nginx" load table measures pages from its cache against a static file served by the same nginx that
// holds the home page's own bytes.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { startNginx } from '../../../tests/helpers/nginx'
import { freePort } from '../ports'
import { onCleanup } from './cleanup'

const root = path.resolve(import.meta.dirname, '../../..')

/**
 * The baseline is the home page itself as a file on disk, not a build file of its size: the load tool, not nginx, runs
 * out of CPU first on this machine, and its cost per byte depends on the bytes (a 44.7 KB file of Cyrillic letters:
 * 3,505 requests/s from nginx; of ASCII letters: 18,975/s; the cached Russian page itself as a file: 5,974/s). With the
 * same bytes on both sides, the share is nginx's own work for a cached page against a plain file.
 */
export async function startBenchNginx(appUrl: string, headers: Record<string, string>): Promise<{ baseUrl: string; staticUrl: string }> {
  const [port, staticPort] = [await freePort(), await freePort()]
  // A cache left by an earlier run would hold another server's pages.
  const dir = path.resolve(root, '.test/bench-nginx')
  rmSync(dir, { recursive: true, force: true })
  const files = path.join(dir, 'static')
  mkdirSync(files, { recursive: true })
  const proxy = await startNginx({
    dir,
    listenPort: port,
    upstreams: [new URL(appUrl).host],
    extraConfig: `server { listen 127.0.0.1:${staticPort}; root ${files}; }`,
  })
  onCleanup(() => proxy.close())
  const baseUrl = `http://127.0.0.1:${port}`
  const home = Buffer.from(await (await fetch(new URL('/', baseUrl), { headers })).arrayBuffer())
  writeFileSync(path.join(files, 'home.html'), home)
  return { baseUrl, staticUrl: `http://127.0.0.1:${staticPort}/home.html` }
}
