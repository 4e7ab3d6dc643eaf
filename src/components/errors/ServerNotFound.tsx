// notFound() with the 404 screen in the server's HTML, for pages served from the cache (ISR).
// Thrown at the top of a page under this app's dynamic root layout, notFound() answers 404 with an empty
// document that only JavaScript fills in (vercel/next.js#62228). Thrown inside a Suspense boundary while
// the page is prerendered, it still sets the 404 status, and the page around it (header, footer) is
// rendered with the boundary's fallback: the same screen the layout's not-found boundary shows once the
// browser has hydrated the page. Pages rendered per request stream before the error and would answer 200:
// they keep calling notFound().
import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { notFound } from 'next/navigation'
import { Suspense } from 'react'

import { isLocale, localeOrDefault } from '@/i18n/locales'
import { isCrawlerMode } from '@/lib/seo/robots'

import { NotFoundScreen } from './NotFoundScreen'

function Missing(): never {
  notFound()
}

/** `robots` is the route's mode: crawlers get the status and an empty container, not the screen (site-spec §2). */
export function ServerNotFound({ locale, robots }: { locale: string; robots: string }) {
  if (isLocale(locale)) setRequestLocale(locale)
  return (
    <Suspense fallback={isCrawlerMode(robots) ? <div className="error-screen" /> : <NotFoundScreen />}>
      <Missing />
    </Suspense>
  )
}

/** The screen's title: React does not lift a <title> out of a Suspense fallback into the head. */
export async function notFoundMetadata(locale: string): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault(locale), namespace: 'Errors' })
  // Next.js adds `noindex` itself to every 404.
  return { title: t('notFoundTitle') }
}

/** The two route parameters the screen needs, from a page's parameters. */
export function notFoundProps({ locale, variant }: { locale: string; variant: string }): { locale: string; robots: string } {
  return { locale, robots: variant }
}
