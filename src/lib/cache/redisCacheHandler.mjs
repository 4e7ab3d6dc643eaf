// Next.js's cache (rendered pages, unstable_cache data, their tags) in Redis, shared by every app instance, so a
// tag revalidated on one instance is revalidated on all. Used only when REDIS_URL is set (see next.config.ts);
// without it Next keeps its cache in each process's memory. Plain JavaScript: Next loads it at run time.
// Built on @fortedigital/nextjs-cache-handler (Redis strings for values, a shared hash for tags).
import { readFileSync } from 'node:fs'
import path from 'node:path'

import { CacheHandler } from '@fortedigital/nextjs-cache-handler'
import createLruHandler from '@fortedigital/nextjs-cache-handler/local-lru'
import createRedisHandler from '@fortedigital/nextjs-cache-handler/redis-strings'
import { PHASE_PRODUCTION_BUILD } from 'next/constants.js'
import { createClient } from 'redis'

/** Entries of another build name other chunks: each build keeps its own keys. */
function buildId() {
  try {
    return readFileSync(path.join(process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim()
  } catch {
    return 'development'
  }
}

async function createHandlers() {
  // `next build` renders nothing that other instances need; it has no Redis to talk to either.
  if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD || !process.env.REDIS_URL) return { handlers: [createLruHandler()] }
  const client = createClient({ url: process.env.REDIS_URL, pingInterval: 10_000 })
  client.on('error', (error) => console.error(`[cache] Redis: ${error.message}`))
  await client.connect()
  console.info('[cache] pages and data cached in Redis, shared by every instance')
  return { handlers: [createRedisHandler({ client, keyPrefix: `vpnkeys:${buildId()}:`, timeoutMs: 1_000 })] }
}

// One connection per process, however many times Next creates the handler.
CacheHandler.onCreation(() => {
  globalThis.vpnkeysCacheHandlers ??= createHandlers().catch((error) => {
    // A cache that cannot reach Redis must not take the site down: this instance serves from its own memory,
    // and says so, until it restarts with Redis back.
    console.error(`[cache] Redis unreachable (${error.message}): caching in this process's memory only`)
    globalThis.vpnkeysCacheHandlers = undefined
    return { handlers: [createLruHandler()] }
  })
  return globalThis.vpnkeysCacheHandlers
})

export default CacheHandler
