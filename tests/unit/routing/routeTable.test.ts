// One table says what each page is (src/lib/routing/routeTable.ts): the router, nginx's uncached personal paths,
// robots.txt, the pages' own robots rules and the route map in docs/architecture.md all agree with it.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { INTERNAL_ROUTES, PAGE_TABLE, PERSONAL_DISALLOW, PERSONAL_PREFIXES } from '@/lib/routing/routeTable'
import { routeRequest } from '@/lib/routing/routeRequest'

const root = path.resolve(import.meta.dirname, '../../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
/** A public path of the route, in each language. */
const publicPaths = (route: string) => {
  const concrete = `/${route.replaceAll('*', 'x1')}`
  return [concrete, `/en${concrete}`]
}

describe('the route table', () => {
  it('nginx never caches a personal page and caches every other page (its personal location matches the table)', () => {
    const template = read('deploy/nginx/default.conf.template')
    const personal = [...template.matchAll(/location ~ (\^\/\([^)]*\)\(\/\|\$\)) \{/g)].map((match) => new RegExp(match[1]!)).find((pattern) => pattern.test('/api/x'))
    expect(personal).toBeDefined()
    for (const route of PAGE_TABLE) {
      for (const pathname of publicPaths(route.path)) expect(personal!.test(pathname), pathname).toBe(route.personal)
    }
    expect(personal!.test('/')).toBe(false)
    expect(personal!.test('/vless-nl')).toBe(false)
  })

  it('the router forwards the public path only to personal pages, and knows no page the table does not', () => {
    const facts = { search: '', host: 'vpnkeys.example', userAgent: 'Mozilla/5.0', cookieLocale: 'ru', acceptLanguage: null, fetchDest: 'document' }
    for (const route of PAGE_TABLE) {
      const [ru, en] = publicPaths(route.path)
      for (const pathname of [ru!, en!]) {
        const decision = routeRequest({ ...facts, pathname })
        expect(decision, pathname).toMatchObject({ kind: 'rewrite', forwardsPublicPath: route.personal })
        if (decision.kind === 'rewrite') expect(decision.pathname).toMatch(new RegExp(`/${route.path.replaceAll('*', 'x1')}$`))
      }
    }
    expect(routeRequest({ ...facts, pathname: '/profile/nothing' })).toMatchObject({ kind: 'rewrite', pathname: expect.stringMatching(/\/missing$/) })
  })

  it('robots.txt closes the personal pages in both languages', () => {
    expect(PERSONAL_PREFIXES).toEqual(['profile'])
    expect(PERSONAL_DISALLOW).toEqual(['/profile/', '/en/profile/'])
    expect(read('src/app/robots.ts')).toContain('...PERSONAL_DISALLOW')
  })

  it('a page search engines may not index says so in its metadata, and only such a page', () => {
    const pagesDir = 'src/app/(frontend)/[variant]/[locale]'
    for (const route of PAGE_TABLE) {
      const folder = route.path
        .split('/')
        .reduce((parent, part) => {
          if (part !== '*') return path.join(parent, part)
          const dynamic = readdirSync(path.join(root, parent)).find((name) => name.startsWith('['))
          return path.join(parent, dynamic!)
        }, pagesDir)
      const page = path.join(folder, 'page.tsx')
      // A route handler renders nothing to index.
      if (!existsSync(path.join(root, page))) continue
      const source = read(page)
      // The page's own metadata, or the shared module it takes it from: one level of relative imports, or of the
      // components it renders (`@/components/…`); not the site-wide SEO helpers, whose noindex is the preview mode's.
      const shared = [...source.matchAll(/from '((?:\.\.?|@\/components)\/[^']+)'/g)]
        .map((match) => (match[1]!.startsWith('@/') ? path.join('src', match[1]!.slice(2)) : path.join(folder, match[1]!)))
        .flatMap((base) => [`${base}.tsx`, `${base}.ts`])
        .filter((file) => existsSync(path.join(root, file)))
      const says = [source, ...shared.map(read)].some((text) => /index: false|robots: 'noindex'/.test(text))
      expect(says, route.path).toBe(!route.indexable)
    }
  })

  it('the route map in docs/architecture.md is the table', () => {
    const architecture = read('docs/architecture.md')
    const map = /## Route map\n\n[\s\S]*?\n\n(\|[\s\S]*?)\n\n/.exec(architecture)?.[1]
    const rows = [
      '| path | page | personal | indexed |',
      '|---|---|---|---|',
      ...INTERNAL_ROUTES.map((route) => `| ${route.public} | ${route.what} | ${route.personal ? 'yes' : 'no'} | ${route.indexable ? 'yes' : 'no'} |`),
      ...PAGE_TABLE.map((route) => `| \`/${route.path.replaceAll('*', '…')}\` | ${route.what} | ${route.personal ? 'yes' : 'no'} | ${route.indexable ? 'yes' : 'no'} |`),
    ]
    expect(map?.split('\n')).toEqual(rows)
  })
})
