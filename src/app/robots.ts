// robots.txt: crawl everything on the production host; nothing anywhere else.
import type { MetadataRoute } from 'next'
import { headers } from 'next/headers'

import { env } from '@/lib/env'
import { sameHost } from '@/lib/http/sameHost'
import { requestedHost } from '@/lib/http/siteHosts'
import { PERSONAL_DISALLOW } from '@/lib/routing/routeTable'
import { absoluteUrl } from '@/lib/seo/alternates'

export default async function robots(): Promise<MetadataRoute.Robots> {
  const requestHeaders = await headers()
  // By name, as the router decides it (siteHosts.ts): the production host with a port, in capitals or behind a proxy
  // that forwards it is still the production host; a mirror or any other host is not.
  const isProduction = sameHost(requestedHost((name) => requestHeaders.get(name)), env().hosts.production)
  if (!isProduction) return { rules: { userAgent: '*', disallow: '/' } }
  return { rules: { userAgent: '*', allow: '/', disallow: ['/admin', '/api/', ...PERSONAL_DISALLOW] }, sitemap: absoluteUrl('/sitemap.xml') }
}
