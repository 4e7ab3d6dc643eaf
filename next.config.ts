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
  images: { unoptimized: true },
}

export default withPayload(withNextIntl(nextConfig), { devBundleServerPackages: false })
