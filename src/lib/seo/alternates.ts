// Canonical URL and hreflang alternates of a public page, from its path without the locale prefix.
import type { Metadata } from 'next'

import { defaultLocale, locales } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'
import { env } from '@/lib/env'
import { canonicalOrigin } from '@/lib/http/siteHosts'
import { localizedPath } from '@/lib/routing/localizedPath'

import { isIndexableMode } from './robots'
import type { RobotsMode } from './robots'

/** A page's address as search engines are told it: on the production host when there is one, else SERVER_URL (never a mirror). */
export function absoluteUrl(pathname: string): string {
  return `${canonicalOrigin(env().hosts)}${pathname}`
}

export function pageMetadata({
  pathname,
  locale,
  robots,
  title,
  description,
}: {
  pathname: string
  locale: Locale
  robots: RobotsMode
  title: string
  description: string
}): Metadata {
  const languages = Object.fromEntries(locales.map((code) => [code, absoluteUrl(localizedPath(pathname, code))]))
  return {
    title,
    description,
    alternates: {
      canonical: absoluteUrl(localizedPath(pathname, locale)),
      languages: { ...languages, 'x-default': absoluteUrl(localizedPath(pathname, defaultLocale)) },
    },
    robots: isIndexableMode(robots) ? { index: true, follow: true } : { index: false, follow: false },
    openGraph: { title, description, locale: locale === 'ru' ? 'ru_RU' : 'en_US', type: 'website' },
  }
}
