// Next.js: Payload's wrapper around the next-intl plugin.
import path from 'node:path'

import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'
import createNextIntlPlugin from 'next-intl/plugin'

import { INTERNAL_ROUTE_HEADER } from './src/lib/routing/internalRouteHeader'

// Messages are precompiled at build time, so browsers get no ICU parser (a smaller first load).
const withNextIntl = createNextIntlPlugin({
  requestConfig: './src/i18n/request.ts',
  experimental: { messages: { path: './src/i18n/messages', format: 'json', locales: 'infer', precompile: true } },
})

/**
 * With REDIS_URL, every instance keeps rendered pages and cached data in one Redis (src/lib/cache), so a tag revalidated
 * on one instance is revalidated on all; nothing is kept in the process, which would go stale. Without it, the same
 * handler keeps them in this process's memory. Either way public pages are stored without Next.js's client runtime
 * (src/lib/islands/islandPage.mjs).
 */
const cache: Pick<NextConfig, 'cacheHandler' | 'cacheMaxMemorySize'> = {
  cacheHandler: path.resolve(process.cwd(), 'src/lib/cache/cacheHandler.mjs'),
  cacheMaxMemorySize: 0,
}

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Next's page ETag hashes the whole HTML in JavaScript on every request: 14 % of the CPU a cached key page costs
  // (measured with --cpu-prof under `npm run bench`). Pages are cached by shared caches (s-maxage), not browsers.
  generateEtags: false,
  reactStrictMode: true,
  ...cache,
  // authInterrupts: unauthorized() answers an outdated e-mail link with the 401 screen and status.
  // Turbopack's cache for the next build: written 18 s longer on a clean clone, which builds once, unless CI keeps it
  // for the next run (.ci/run); a build from it took 45 s of CPU instead of 150 s.
  experimental: {
    isrFlushToDisk: false,
    authInterrupts: true,
    turbopackFileSystemCacheForBuild: process.env.CI !== 'true' || process.env.VPNKEYS_BUILD_CACHE === 'kept',
  },
  // `npm test` runs `tsc --noEmit` first and says so; the build then does not check the same types again (40 s).
  typescript: { ignoreBuildErrors: process.env.VPNKEYS_TYPES_CHECKED === 'true' },
  images: { unoptimized: true },
  // One copy in the process: the site's server (src/server) and the routes count into the same metrics.
  serverExternalPackages: ['prom-client'],
}

const withAdmin = withPayload(withNextIntl(nextConfig), { devBundleServerPackages: false })

type HeaderRule = Awaited<ReturnType<NonNullable<NextConfig['headers']>>>[number]

/**
 * withPayload asks every path for the colour-scheme client hint (Accept-CH and Critical-CH on `/:path*`), which
 * only the admin panel reads for its theme. On a public page, Critical-CH makes Chrome throw away the first
 * response of a visit and ask again: 0.6 s more on Lighthouse's mobile run (payloadcms/payload#17906).
 */
function clientHintsForAdminOnly(rule: HeaderRule): HeaderRule {
  const isClientHintRule = rule.source === '/:path*' && rule.headers.some((header) => header.key === 'Critical-CH')
  return isClientHintRule ? { ...rule, source: '/admin/:path*' } : rule
}

/**
 * Security headers (values and reasons in SECURITY.md, "Security headers"). Public pages and the personal account
 * get a Content-Security-Policy: only our own scripts, styles, images and connections; forms post to the site
 * (and its redirect to the payment provider's checkout); no plugins, no <base>; never inside a frame (which is
 * how account deletion, a new subscription URL or "rotate now" could be clickjacked). Inline scripts are allowed
 * because cached pages cannot carry a per-request nonce, and Next.js bootstraps each page with inline scripts.
 * The admin panel gets the same framing, plugin and <base> rules but no script or connection rules: Payload's
 * code editor loads Monaco from a CDN. HSTS depends on SERVER_URL, known only at run time: src/server sends it.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // Telegram's Login Widget on the login page (src/components/auth/TelegramLogin.tsx): its script and its frame.
  // `npm run dev` only: React's development build evaluates code for its debugging features (call stacks across the
  // server and the browser), and says so in every page's console without this.
  `script-src 'self' 'unsafe-inline'${process.env.NODE_ENV === 'development' ? " 'unsafe-eval'" : ''} https://telegram.org`,
  "frame-src https://oauth.telegram.org",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  // A form's redirect is held to this too (Chromium blocks it): the purchase form's answer opens the provider's checkout,
  // Stripe's or YooKassa's (its confirmation_url is on yoomoney.ru).
  // "Link Telegram" in the account's settings goes to the bot's chat, at t.me.
  "form-action 'self' https://checkout.stripe.com https://yoomoney.ru https://t.me",
  "frame-ancestors 'none'",
].join('; ')
const ADMIN_CONTENT_SECURITY_POLICY = ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'"].join('; ')

const COMMON_SECURITY_HEADERS = [
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
]

const securityHeaders: HeaderRule[] = [
  { source: '/:path*', headers: COMMON_SECURITY_HEADERS },
  { source: '/admin/:path*', headers: [{ key: 'Content-Security-Policy', value: ADMIN_CONTENT_SECURITY_POLICY }] },
  { source: '/admin', headers: [{ key: 'Content-Security-Policy', value: ADMIN_CONTENT_SECURITY_POLICY }] },
  { source: '/:path((?!admin(?:/|$)).*)', headers: [{ key: 'Content-Security-Policy', value: CONTENT_SECURITY_POLICY }] },
]

/**
 * Public paths are routed by the site's server (src/server), which names a page's internal route in a request header;
 * this one rewrite follows it. The browser's URL, and what the page's router sees, stay public.
 */
const internalRoute: Awaited<ReturnType<NonNullable<NextConfig['rewrites']>>> = {
  beforeFiles: [{ source: '/:path*', has: [{ type: 'header', key: INTERNAL_ROUTE_HEADER, value: '/(?<route>.*)' }], destination: '/:route' }],
  afterFiles: [],
  fallback: [],
}

const config: NextConfig = {
  ...withAdmin,
  rewrites: async () => internalRoute,
  headers: async () => [...((await withAdmin.headers?.()) ?? []).map(clientHintsForAdminOnly), ...securityHeaders],
}

export default config
