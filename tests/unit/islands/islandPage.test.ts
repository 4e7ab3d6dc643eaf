import { describe, expect, it } from 'vitest'

import { isIslandPageKey, toIslandPage, withIslandPages } from '@/lib/islands/islandPage.mjs'

const SRC = '/_next/static/islands/islands-TEST.js'

// The shape of a page Next.js renders: its CSS, the runtime's scripts and preloads, the RSC payload, the bootstrap,
// and what the page itself needs to keep (its language memory, the islands' texts, structured data).
const NEXT_PAGE = [
  '<!DOCTYPE html><html lang="ru"><head>',
  '<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/webpack.js"/>',
  '<script src="/_next/static/chunks/react-dom.js" async=""></script>',
  '<script type="application/ld+json">{"@type":"WebSite"}</script>',
  '</head><body><script>document.cookie.split("; ")</script><main>Ключи</main>',
  '<script type="application/json" data-island-texts="">{"locale":"ru","texts":{}}</script>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script><script>self.__next_f.push([1,"payload"])</script>',
  '<script id="_R_">self.__next_r="x"</script>',
  '</body></html>',
].join('')

describe('island pages', () => {
  it('lose Next.js client runtime and RSC payload, keep their own scripts, and get the islands script at the end', () => {
    const page = toIslandPage(NEXT_PAGE, SRC)
    expect(page).not.toContain('react-dom.js')
    expect(page).not.toContain('as="script"')
    expect(page).not.toContain('__next_f')
    expect(page).not.toContain('_R_')
    for (const kept of ['site.css', 'application/ld+json', 'document.cookie.split', 'data-island-texts', '<main>Ключи</main>']) expect(page).toContain(kept)
    expect(page).toMatch(new RegExp(`<script src="${SRC}" async data-islands-script></script></body></html>$`))
    expect(toIslandPage(page, SRC)).toBe(page)
  })

  it('are the key lists, key pages and the plans, under any robots mode and language', () => {
    const key = (route: string) => `/route-cache/APP_PAGE/37bf46/$${route}`
    // Next.js puts another /index in front of a route that starts with /index.
    for (const route of ['/index/index/ru/list/all/10', '/noindex/en/list/vless-de/20', '/index/index-crawler/ru/keys/137', '/noindex-crawler/en/tariffs', '/mirror-0/ru/list/all/10', '/mirror-12-crawler/en/keys/5']) {
      expect(isIslandPageKey(key(route)), route).toBe(true)
    }
    for (const route of ['/index/index/ru/support', '/noindex/ru/profile/servers', '/noindex/ru/login', '/noindex/ru/tariffs/x', '/api/feed/vless', '/mirror-0/ru/profile/servers', '/mirror-x/ru/tariffs']) {
      expect(isIslandPageKey(key(route)), route).toBe(false)
    }
    expect(isIslandPageKey('37c9888cd3181b466ce28e4fcc7760b5/noindex/ru/tariffs')).toBe(false)
  })

  it('are stored transformed by the cache handler: only rendered 200 pages of island routes', async () => {
    type Entry = { value: { kind: string; html?: string; status?: number } }
    const stored = new Map<string, Entry>()
    const store = { name: 'test', set: async (key: string, entry: Entry) => void stored.set(key, entry) }
    const page = (status?: number): Entry => ({ value: { kind: 'APP_PAGE', html: NEXT_PAGE, status } })
    const handler = withIslandPages(store, () => SRC)
    await handler.set('/route-cache/APP_PAGE/a/$/index/index/ru/list/all/10', page(200))
    await handler.set('/route-cache/APP_PAGE/a/$/index/index/ru/tariffs', page())
    await handler.set('/route-cache/APP_PAGE/a/$/index/index/ru/keys/999', page(404))
    await handler.set('/route-cache/APP_PAGE/a/$/index/index/ru/support', page(200))
    await handler.set('fetch-key', { value: { kind: 'FETCH' } })
    const html = (key: string) => stored.get(`/route-cache/APP_PAGE/a/$/index/index/ru/${key}`)?.value.html
    expect(html('list/all/10')).toBe(toIslandPage(NEXT_PAGE, SRC))
    expect(html('tariffs')).toBe(toIslandPage(NEXT_PAGE, SRC))
    // The 404 screen's "Go back" and the account's pages need React.
    expect(html('keys/999')).toBe(NEXT_PAGE)
    expect(html('support')).toBe(NEXT_PAGE)
    expect(stored.get('fetch-key')).toEqual({ value: { kind: 'FETCH' } })

    // In place: Next.js answers the request that rendered the page with the object it stored.
    const rendered = page(200)
    await handler.set('/route-cache/APP_PAGE/a/$/index/index/ru/list/de/10', rendered)
    expect(rendered.value.html).toBe(toIslandPage(NEXT_PAGE, SRC))

    // A build without the islands script keeps React everywhere.
    await withIslandPages(store, () => null).set('/route-cache/APP_PAGE/b/$/index/index/ru/list/all/10', page(200))
    expect(stored.get('/route-cache/APP_PAGE/b/$/index/index/ru/list/all/10')?.value.html).toBe(NEXT_PAGE)
  })
})
