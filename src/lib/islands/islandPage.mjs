// Public pages served without Next.js's client runtime: their server-rendered HTML, plus one small script (the
// islands, src/islands) that gives the markup its behaviour. React, the App Router and the page's inline RSC payload
// cost a phone about 120 KB of JavaScript and 150–300 ms of blocking hydration (docs/decisions/0002-islands.md).
// Done once per rendered page, where Next.js stores it (src/lib/cache/cacheHandler.mjs): nothing per request. RSC
// requests keep their payload, so a client navigation from the personal account to a list still gets a working
// React page. Plain JavaScript: Next.js loads the cache handler at run time.
import { readFileSync } from 'node:fs'
import path from 'node:path'

/** Written by scripts/buildIslands.ts next to the build: `{ "src": "/_next/static/islands/islands-<hash>.js" }`. */
export const ISLANDS_MANIFEST = path.join('.next', 'islands.json')

// Pages the islands cover (key lists, a key's page, the plans), by the end of their internal route
// (src/server/routePlan.ts: robots mode (a mirror has its own), locale, page) as it ends Next.js's cache key for the page.
const ISLAND_PAGE_KEY = /\/\$(\/index)?\/(index|noindex|mirror-\d{1,2})(-crawler)?\/[a-z]{2}\/(list\/[^/]+\/[^/]+|keys\/[^/]+|tariffs)$/

const NEXT_SCRIPT = /<script\b[^>]*\bsrc="\/_next\/[^"]*"[^>]*><\/script>/g
const SCRIPT_PRELOAD = /<link\b[^>]*\bas="script"[^>]*\/?>/g
const FLIGHT = /<script>\(?self\.__next_f[\s\S]*?<\/script>/g
const BOOTSTRAP = /<script id="_R_">[\s\S]*?<\/script>/g
const MARK = 'data-islands-script'

/**
 * Whether a cache key is an island page's. Next.js 16 keys pages as `/route-cache/APP_PAGE/<build hash>/$/<route>`,
 * where a route that starts with `/index` (an indexable page) gets another `/index` in front.
 * @param {string} key
 */
export function isIslandPageKey(key) {
  return key.startsWith('/route-cache/APP_PAGE/') && ISLAND_PAGE_KEY.test(key)
}

/** @type {string | null | undefined} */
let scriptSrc

/** The islands script of this build; null in development and when the build has none (then pages keep React). */
export function islandsScriptSrc() {
  if (scriptSrc !== undefined) return scriptSrc
  if (process.env.NODE_ENV !== 'production') return (scriptSrc = null)
  try {
    scriptSrc = JSON.parse(readFileSync(path.join(process.cwd(), ISLANDS_MANIFEST), 'utf8')).src ?? null
  } catch {
    console.warn('[islands] no islands script in this build: public pages keep Next.js\'s client runtime')
    scriptSrc = null
  }
  return scriptSrc
}

/**
 * The page without Next.js's scripts, their preloads, the RSC payload and the bootstrap, with the islands script at
 * the end of the body. A page already transformed is returned as it is.
 * @param {string} html
 * @param {string} src
 */
export function toIslandPage(html, src) {
  if (html.includes(MARK)) return html
  const stripped = html.replace(NEXT_SCRIPT, '').replace(SCRIPT_PRELOAD, '').replace(FLIGHT, '').replace(BOOTSTRAP, '')
  const script = `<script src="${src}" async ${MARK}></script>`
  const end = stripped.lastIndexOf('</body>')
  return end === -1 ? stripped + script : stripped.slice(0, end) + script + stripped.slice(end)
}

/**
 * A cache handler whose rendered island pages are stored transformed (@fortedigital/nextjs-cache-handler's Handler).
 * The page is changed in place: Next.js answers the request that rendered it (a first visit, or one that waited for
 * a revalidation) with the very object it stores, so that answer leaves without the runtime too. The end-to-end
 * test `islandPages.spec.ts` asks for a page's first render and its cached copy, and fails if either has React.
 * @template {{ set: (key: string, entry: any, ...rest: any[]) => Promise<void> }} H
 * @param {H} handler
 * @param {() => string | null} scriptOf the islands script (this build's)
 * @returns {H}
 */
export function withIslandPages(handler, scriptOf = islandsScriptSrc) {
  return {
    ...handler,
    set(key, entry, ...rest) {
      const value = entry?.value
      const isPage = value?.kind === 'APP_PAGE' && typeof value.html === 'string' && (value.status ?? 200) === 200
      const src = isPage && isIslandPageKey(key) ? scriptOf() : null
      if (src) value.html = toIslandPage(value.html, src)
      return handler.set(key, entry, ...rest)
    },
  }
}
