// Next.js: Payload's wrapper around the next-intl plugin.
import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'
import createNextIntlPlugin from 'next-intl/plugin'

// Messages are precompiled at build time, so browsers get no ICU parser (a smaller first load).
const withNextIntl = createNextIntlPlugin({
  requestConfig: './src/i18n/request.ts',
  experimental: { messages: { path: './src/i18n/messages', format: 'json', locales: 'infer', precompile: true } },
})

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Next's page ETag hashes the whole HTML in JavaScript on every request: 14 % of the CPU a cached key page costs
  // (measured with --cpu-prof under `npm run bench`). Pages are cached by shared caches (s-maxage), not browsers.
  generateEtags: false,
  reactStrictMode: true,
  // Rendered pages are cached in memory only. On disk, every URL a bot makes up (`/keys/123456789`,
  // `/vless-xx?show=990`) would leave about 80 KB for good; in memory, an LRU of this size holds every public
  // page (about 500, at 40 KB of HTML and 40 KB of RSC each) and forgets the made-up ones first.
  cacheMaxMemorySize: 128 * 1024 * 1024,
  experimental: { isrFlushToDisk: false },
  images: { unoptimized: true },
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

const config: NextConfig = {
  ...withAdmin,
  headers: async () => ((await withAdmin.headers?.()) ?? []).map(clientHintsForAdminOnly),
}

export default config
