// A link to a public path in the page's language (`/vless` → `/en/vless` on English pages). A server
// component over next/link: no locale-routing code is shipped to the browser for it.
import { getLocale } from 'next-intl/server'
import NextLink from 'next/link'
import type React from 'react'

import { localizedPath } from '@/lib/routing/localizedPath'

import { localeOrDefault } from './locales'

type Href = string | { pathname: string; query?: Record<string, string | number>; hash?: string }
type Props = Omit<React.ComponentProps<typeof NextLink>, 'href'> & { href: Href }

export function localizedHref(href: Href, locale: string): string {
  const language = localeOrDefault(locale)
  if (typeof href === 'string') {
    const [pathname = '/', query] = href.split('?')
    return `${localizedPath(pathname, language)}${query ? `?${query}` : ''}`
  }
  const query = new URLSearchParams(Object.entries(href.query ?? {}).map(([key, value]) => [key, String(value)])).toString()
  return `${localizedPath(href.pathname, language)}${query ? `?${query}` : ''}${href.hash ? `#${href.hash}` : ''}`
}

export async function Link({ href, ...props }: Props) {
  return <NextLink href={localizedHref(href, await getLocale())} {...props} />
}
