// What every page of the site is, in one table: its path below `[variant]/[locale]` (the same in both languages, under
// `/en` in English), whether it is personal (a signed-in page: never kept by nginx or any shared cache, closed to
// crawlers, and told the public path to come back to after sign-in) and whether search engines may index it. The
// router (routeRequest.ts), robots.txt and the nginx template's personal paths follow it; tests compare the app
// directory, the nginx template, the pages' robots rules and the route map in docs/architecture.md with it.

import { locales } from '@/i18n/locales'

import { localizedPath } from './localizedPath'

export type PageRoute = {
  /** Below `[variant]/[locale]`; `*` for a dynamic segment. */
  path: string
  personal: boolean
  indexable: boolean
  /** What it shows (the route map in docs/architecture.md). */
  what: string
}

export const PAGE_TABLE = [
  { path: 'tariffs', personal: false, indexable: true, what: 'the VIP plans and the purchase form' },
  { path: 'keys/*', personal: false, indexable: false, what: 'one free key: link, QR code, file, connection data' },
  { path: 'search', personal: false, indexable: false, what: 'the finder without JavaScript: sends the form on to its list' },
  { path: 'support', personal: false, indexable: true, what: 'how to reach support' },
  { path: 'status', personal: false, indexable: true, what: 'which protocols work from the visitors’ networks: the probes’ last hour and week' },
  { path: 'privacy', personal: false, indexable: true, what: 'the privacy policy' },
  { path: 'user-agreement', personal: false, indexable: true, what: 'the user agreement' },
  { path: 'pages/*', personal: false, indexable: true, what: 'a page editors added' },
  { path: 'login', personal: false, indexable: false, what: 'sign-in by e-mail link or password' },
  { path: 'login/telegram', personal: false, indexable: false, what: 'Telegram’s Login Widget answer: “log in as …?”' },
  { path: 'login/*', personal: false, indexable: false, what: 'sign-in steps (link sent, Telegram sign-in failed)' },
  { path: 'register', personal: false, indexable: false, what: 'registration by e-mail link' },
  { path: 'telegram-app', personal: false, indexable: false, what: 'the Telegram Mini App’s entry: signs in from Telegram’s launch data' },
  { path: 'verify-email/*', personal: false, indexable: false, what: 'an e-mail link’s confirmation step' },
  { path: 'link-expired', personal: false, indexable: false, what: 'an e-mail link that no longer works' },
  { path: 'gift', personal: false, indexable: false, what: 'buy a plan as a gift, or redeem a gift code' },
  { path: 'success-payment', personal: false, indexable: false, what: 'after a payment' },
  { path: 'fail-payment', personal: false, indexable: false, what: 'after a failed payment' },
  { path: 'test-checkout/*', personal: false, indexable: false, what: 'the test payment page (test mode only)' },
  { path: 'subscription/*/*', personal: false, indexable: false, what: 'a subscriber’s subscription page (its URL is the secret)' },
  { path: 'profile/servers', personal: true, indexable: false, what: 'My servers: VIP device keys' },
  { path: 'profile/servers/*', personal: true, indexable: false, what: 'one VIP device key' },
  { path: 'profile/subscription', personal: true, indexable: false, what: 'the subscription: plan, renewal, card, refunds' },
  { path: 'profile/preferences', personal: true, indexable: false, what: 'e-mail, Telegram, password, language, account deletion' },
] as const satisfies readonly PageRoute[]

export type PagePath = (typeof PAGE_TABLE)[number]['path']

/** Public paths that are not pages of their own: the key lists and the 404 page, reached only through the router. */
export const INTERNAL_ROUTES = [
  { path: 'list/*/*', public: '`/`, `/{protocol}`, `/{country}`, `/{protocol}-{country}`', personal: false, indexable: true, what: 'the free key lists (filter, then how many are shown)' },
  { path: 'missing', public: 'any other path', personal: false, indexable: false, what: 'the 404 page, cached' },
] as const

/** The first segments of the personal pages (`profile`): what nginx never caches and robots.txt closes. */
export const PERSONAL_PREFIXES: readonly string[] = [...new Set(PAGE_TABLE.filter((route) => route.personal).map((route) => route.path.split('/')[0]!))]

/** What robots.txt closes on the production host: the personal pages in both languages. */
export const PERSONAL_DISALLOW: readonly string[] = locales.flatMap((locale) => PERSONAL_PREFIXES.map((prefix) => localizedPath(`/${prefix}/`, locale)))

const SEGMENTS = PAGE_TABLE.map((route) => ({ route: route as PageRoute, segments: route.path.split('/') }))

/** The page a path (locale prefix removed) is, or null. */
export function pageRouteOf(segments: readonly string[]): PageRoute | null {
  return (
    SEGMENTS.find(({ segments: parts }) => parts.length === segments.length && parts.every((part, index) => part === '*' || part === segments[index]))?.route ??
    null
  )
}
