// Next.js's cache (rendered pages, unstable_cache data, their tags). With REDIS_URL in Redis, shared by every app
// instance, so a tag revalidated on one instance is revalidated on all; without it in this process's memory.
// Either way rendered public pages are stored as island pages (src/lib/islands/islandPage.mjs): transformed once,
// served many times. Plain JavaScript: Next loads it at run time.
// Built on @fortedigital/nextjs-cache-handler (Redis strings for values, a shared hash for tags; an LRU in memory).
import { readFileSync } from 'node:fs'
import path from 'node:path'

import { CacheHandler } from '@fortedigital/nextjs-cache-handler'
import createLruHandler from '@fortedigital/nextjs-cache-handler/local-lru'
import createRedisHandler from '@fortedigital/nextjs-cache-handler/redis-strings'
import { PHASE_PRODUCTION_BUILD } from 'next/constants.js'
import { createClient } from 'redis'

import { withIslandPages } from '../islands/islandPage.mjs'

/** Entries of another build name other chunks: each build keeps its own keys. */
function buildId() {
  try {
    return readFileSync(path.join(process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim()
  } catch {
    return 'development'
  }
}

/**
 * In memory, an LRU of this size holds every public page (about 500). Sizes are measured as JSON, where a page's RSC
 * bytes count about three times: 256 "MB" is about 80 MB of memory. On disk, every URL a bot makes up
 * (`/keys/123456789`, `/vless-xx?show=990`) would stay for good; the LRU forgets the made-up ones first.
 */
function memoryHandler() {
  return withIslandPages(createLruHandler({ maxItemsNumber: 2_000, maxItemSizeBytes: 256 * 1024 * 1024 }))
}

async function createHandlers() {
  // `next build` renders nothing that other instances need; it has no Redis to talk to either.
  if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD || !process.env.REDIS_URL) return { handlers: [memoryHandler()] }
  const client = createClient({ url: process.env.REDIS_URL, pingInterval: 10_000 })
  client.on('error', (error) => console.error(`[cache] Redis: ${error.message}`))
  await client.connect()
  console.info('[cache] pages and data cached in Redis, shared by every instance')
  return { handlers: [withIslandPages(createRedisHandler({ client, keyPrefix: `vpnkeys:${buildId()}:`, timeoutMs: 1_000 }))] }
}

// One connection per process, however many times Next creates the handler.
CacheHandler.onCreation(() => {
  globalThis.vpnkeysCacheHandlers ??= createHandlers().catch((error) => {
    // A cache that cannot reach Redis must not take the site down: this instance serves from its own memory,
    // and says so, until it restarts with Redis back.
    console.error(`[cache] Redis unreachable (${error.message}): caching in this process's memory only`)
    globalThis.vpnkeysCacheHandlers = undefined
    return { handlers: [memoryHandler()] }
  })
  return globalThis.vpnkeysCacheHandlers
})

export default CacheHandler
