// Decides what a public request becomes: a redirect (host rule, trailing slash, /ru, locale detection)
// or a rewrite to the internal route `/{robots mode}/{locale}/...` that renders it (seo/robots.ts: indexed or not, for
// crawlers or people, for which mirror). A rewrite sets no cookie, so
// a shared cache can keep the page; the page stores its language in the browser (components/site/LocaleMemory).
import { isLocale, locales } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'

import { sameHost } from '@/lib/http/sameHost'
import { isRobotsMode, robotsMode } from '@/lib/seo/robots'
import { wantsPage } from '@/lib/feeds/clients'
import { SUBSCRIPTION_PAGE_PATH } from '@/lib/feeds/personalPath'

import { isAutomatedAgent, isCrawler } from './agents'
import { keysSlug, listWindowSegment, parseKeysSlug, parseListWindow } from './keysFilter'
import type { ListWindow } from './keysFilter'
import { localizedPath, RUSSIA_PATH } from './localizedPath'
import { negotiateLocale } from './negotiateLocale'
import { PAGE_TABLE, pageRouteOf } from './routeTable'

export type RequestFacts = {
  pathname: string
  search: string
  host: string | null
  userAgent: string | null
  /** `Accept`: a browser asks for HTML, a client app for anything. */
  accept?: string | null
  cookieLocale: string | null
  acceptLanguage: string | null
  /** `Sec-Fetch-Dest`: only page loads (not prefetches) may change the stored language. */
  fetchDest: string | null
  productionHost?: string
  freeKeysHost?: string
  /** The request host's place among the mirrors (siteHosts.ts, mirrorIndexOf): its pages are its own. */
  mirror?: number | null
}

export type RouteDecision =
  | {
      kind: 'redirect'
      /** A path on the site (`/…?query`), never a host: see `toHost`. */
      location: string
      /** The host rule alone names another host, and only the free-keys host from the settings. */
      toHost?: string
      status: 307 | 308
      setLocaleCookie?: Locale
      /** The answer depends on who asks (language, agent): never cache it. */
      isPersonal: boolean
    }
  | {
      kind: 'rewrite'
      pathname: string
      search: string
      locale: Locale
      /**
       * Set when the language came from the visitor (cookie, browser), not the path: a shared cache may keep the
       * page only under that language (nginx checks it against the one it keyed the page by).
       */
      visitorLocale?: Locale
      isIndexable: boolean
      /** Only the personal account reads the public path (to come back after login); copying headers costs every other page. */
      forwardsPublicPath: boolean
    }

/** Request header carrying the public path to pages, which otherwise only see the internal one. */
export const PUBLIC_PATH_HEADER = 'x-public-path'

/** Internal route segments no public URL may reach directly. */
const INTERNAL_SEGMENTS = new Set<string>(['list', 'missing'])
/** The cached 404 page. */
export const INTERNAL_NOT_FOUND = '/missing'
/**
 * The site's pages below `[variant]/[locale]`, `*` for a dynamic segment, from the route table (a unit test compares
 * them with the app directory). Any other path gets the cached 404 page, whose screen is in the server's HTML,
 * rather than the catch-all route's, which Next.js fills in in the browser.
 */
export const PAGE_ROUTES: readonly string[] = PAGE_TABLE.map((route) => route.path)

const PROFILE_PATH = '/profile'
/** A path with an empty segment or a backslash. */
export const UNCLEAN_SLASHES = /\/\/|\\/
const SLASH_RUNS = /[/\\]+/g
const LOCALE_PREFIX_ANY_CASE = new RegExp(`^/(${locales.join('|')})(?=/|$)`, 'i')

/** The list window a query asks for (`?show=`, `?after=`), and the rest of the query. */
function withoutWindow(search: string): { search: string; listWindow: ListWindow } {
  const params = new URLSearchParams(search)
  const listWindow = parseListWindow(params.get('show'), params.get('after'))
  params.delete('show')
  params.delete('after')
  const rest = params.toString()
  return { search: rest ? `?${rest}` : '', listWindow }
}

function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname)
    return true
  } catch {
    return false
  }
}

/** Maps a public path (locale prefix removed) to the internal route under `/{robots}/{locale}`. */
export function internalPathname(pathname: string, listWindow: ListWindow): string | { redirectTo: string } {
  // A broken percent-escape (`/%`, `/vless%zz`) names no page; Next.js itself would answer 500.
  if (!isDecodable(pathname)) return INTERNAL_NOT_FOUND
  const segments = pathname.split('/').filter(Boolean)
  if (segments.length === 0) return `/list/${keysSlug({ protocol: null, country: null })}/${listWindowSegment(listWindow)}`
  const first = segments[0] ?? ''
  if (INTERNAL_SEGMENTS.has(first) || isRobotsMode(first)) return INTERNAL_NOT_FOUND
  if (segments.length === 1) {
    const filter = parseKeysSlug(first)
    if (filter) return `/list/${first}/${listWindowSegment(listWindow)}`
    const lower = first.toLowerCase()
    if (lower !== first && parseKeysSlug(lower)) return { redirectTo: `/${lower}` }
  }
  if (pathname === PROFILE_PATH) return { redirectTo: `${PROFILE_PATH}/servers` }
  return pageRouteOf(segments) ? pathname : INTERNAL_NOT_FOUND
}

/** The language of a request without one in its path: the visitor's stored choice, else the browser's (Russian for robots). */
export function chooseLocale({ cookieLocale, userAgent, acceptLanguage }: Pick<RequestFacts, 'cookieLocale' | 'userAgent' | 'acceptLanguage'>): Locale {
  if (isLocale(cookieLocale)) return cookieLocale
  return isAutomatedAgent(userAgent) ? 'ru' : negotiateLocale(acceptLanguage)
}

export function routeRequest(facts: RequestFacts): RouteDecision {
  const { pathname, search, host, userAgent, productionHost, freeKeysHost } = facts
  const isAutomated = isAutomatedAgent(userAgent)

  if (productionHost && freeKeysHost && sameHost(host, productionHost) && !isAutomated) {
    return { kind: 'redirect', location: `${pathname}${search}`, toHost: freeKeysHost, status: 307, isPersonal: true }
  }
  // Empty segments (`//evil.com`, `/ru//x`) and backslashes (a browser reads them as slashes) name no page; dropping
  // them first keeps every later rule's result a single-slash path (`//host` is another site to a browser).
  if (UNCLEAN_SLASHES.test(pathname)) {
    const clean = pathname.replace(SLASH_RUNS, '/').replace(/\/$/, '') || '/'
    return { kind: 'redirect', location: `${clean}${search}`, status: 308, isPersonal: false }
  }
  if (pathname.length > 1 && pathname.endsWith('/')) {
    return { kind: 'redirect', location: `${pathname.replace(/\/+$/, '') || '/'}${search}`, status: 308, isPersonal: false }
  }
  // A language prefix typed in capitals (`/RU`, `/En/tariffs`) is that prefix, not Russia's key list (`/ru/ru`).
  const typedPrefix = LOCALE_PREFIX_ANY_CASE.exec(pathname)?.[1]
  if (typedPrefix && typedPrefix !== typedPrefix.toLowerCase()) {
    return { kind: 'redirect', location: `/${typedPrefix.toLowerCase()}${pathname.slice(typedPrefix.length + 1)}${search}`, status: 308, isPersonal: false }
  }

  // Someone pasted the subscription page's address into an app: the app gets the subscription itself. Browsers
  // always say what they fetch (Sec-Fetch-Dest, also on the router's own requests); apps never do.
  const subscription = SUBSCRIPTION_PAGE_PATH.exec(pathname)
  if (subscription && facts.fetchDest === null && !wantsPage(facts.accept ?? null, userAgent)) {
    return { kind: 'rewrite', pathname: `/api/subscription/${subscription[1]}/${subscription[2]}`, search: '', locale: 'ru', isIndexable: false, forwardsPublicPath: false }
  }

  const isPageLoad = facts.fetchDest === null || facts.fetchDest === 'document'
  const cookieLocale = isLocale(facts.cookieLocale) ? facts.cookieLocale : null
  const [, prefix, ...rest] = pathname.split('/')
  const restPath = `/${rest.join('/')}`.replace(/\/$/, '') || '/'

  // `/ru/ru` is Russia's key list in Russian; every other `/ru/...` drops the prefix.
  if (prefix === 'ru' && restPath !== RUSSIA_PATH) {
    // Permanent, but personal: it also stores Russian as the visitor's choice, so browsers must not cache it.
    return {
      kind: 'redirect',
      location: `${restPath}${search}`,
      status: 308,
      setLocaleCookie: isPageLoad && cookieLocale !== 'ru' ? 'ru' : undefined,
      isPersonal: true,
    }
  }

  let locale: Locale
  let publicPath: string
  let visitorLocale: Locale | undefined
  if (prefix === 'en' || prefix === 'ru') {
    locale = prefix
    publicPath = restPath
  } else {
    locale = chooseLocale(facts)
    visitorLocale = locale
    publicPath = pathname
    if (locale === 'en') {
      return {
        kind: 'redirect',
        location: `/en${pathname === '/' ? '' : pathname}${search}`,
        status: 307,
        setLocaleCookie: isPageLoad && !cookieLocale ? 'en' : undefined,
        isPersonal: true,
      }
    }
  }

  const { search: restSearch, listWindow } = withoutWindow(search)
  const internal = internalPathname(publicPath, listWindow)
  if (typeof internal !== 'string') {
    const localized = localizedPath(internal.redirectTo, locale)
    return { kind: 'redirect', location: `${localized}${search}`, status: 308, isPersonal: false }
  }
  const isIndexable = sameHost(host, productionHost)
  return {
    kind: 'rewrite',
    pathname: `/${robotsMode({ isIndexable, isCrawler: isCrawler(userAgent), mirror: facts.mirror ?? null })}/${locale}${internal}`,
    search: restSearch,
    locale,
    ...(visitorLocale ? { visitorLocale } : {}),
    isIndexable,
    // Only personal pages read it (to come back after sign-in); copying headers costs every other page.
    forwardsPublicPath: pageRouteOf(internal.split('/').filter(Boolean))?.personal ?? false,
  }
}
