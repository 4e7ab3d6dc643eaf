// robots.txt: crawl everything on the production host; nothing anywhere else.
import type { MetadataRoute } from 'next'
import { headers } from 'next/headers'

import { env } from '@/lib/env'
import { absoluteUrl } from '@/lib/seo/alternates'

export default async function robots(): Promise<MetadataRoute.Robots> {
  const host = (await headers()).get('host')
  const productionHost = env().PRODUCTION_HOST
  const isProduction = Boolean(productionHost && host?.toLowerCase() === productionHost.toLowerCase())
  if (!isProduction) return { rules: { userAgent: '*', disallow: '/' } }
  return { rules: { userAgent: '*', allow: '/', disallow: ['/admin', '/api/', '/profile/'] }, sitemap: absoluteUrl('/sitemap.xml') }
}
