// Resolves a key list's route parameters: which filter, which country, which rows, and its texts.
import { getTranslations } from 'next-intl/server'

import { isLocale } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'
import { getCountry } from '@/lib/data/keys'
import { PROTOCOL_LABELS, protocolHasConnectionParameters, protocolHasShareLink } from '@/lib/keys/labels'
import type { Protocol } from '@/lib/keys/types'
import { keysPathname, parseKeysSlug, parseListWindowSegment } from '@/lib/routing/keysFilter'
import type { KeysFilter, ListWindow } from '@/lib/routing/keysFilter'
import { isRobotsMode } from '@/lib/seo/robots'
import type { RobotsMode } from '@/lib/seo/robots'

export type ListParams = Promise<{ variant: string; locale: string; filter: string; window: string }>

export type ResolvedList = {
  robots: RobotsMode
  locale: Locale
  filter: KeysFilter
  window: ListWindow
  countryName: string | null
  pathname: string
  texts: { title: string; description: string; heading: string }
}

/** How a protocol's keys are used, for the meta description: a share link, a file with a QR code, or a file and fields. */
function accessKind(protocol: Protocol): 'link' | 'file' | 'parameters' {
  if (protocolHasShareLink(protocol)) return 'link'
  return protocolHasConnectionParameters(protocol) ? 'parameters' : 'file'
}

export async function resolveList(params: ListParams): Promise<ResolvedList | null> {
  const { variant: robots, locale, filter: slug, window: windowParam } = await params
  const filter = parseKeysSlug(slug)
  if (!filter || !isLocale(locale) || !isRobotsMode(robots)) return null
  const listWindow = parseListWindowSegment(windowParam)
  if (!listWindow) return null
  const country = filter.country ? await getCountry(filter.country, locale) : null
  if (filter.country && !country) return null

  const [meta, headings] = await Promise.all([
    getTranslations({ locale, namespace: 'Metadata' }),
    getTranslations({ locale, namespace: 'Headings' }),
  ])
  const values = {
    protocol: filter.protocol ? PROTOCOL_LABELS[filter.protocol] : '',
    country: country?.name ?? '',
    access: filter.protocol ? accessKind(filter.protocol) : 'link',
  }
  const kind = filter.protocol && country ? 'protocolCountry' : filter.protocol ? 'protocol' : country ? 'country' : 'home'
  const texts = {
    home: { title: meta('homeTitle'), description: meta('homeDescription'), heading: headings('home') },
    protocol: { title: meta('protocolTitle', values), description: meta('protocolDescription', values), heading: headings('protocol', values) },
    country: { title: meta('countryTitle', values), description: meta('countryDescription', values), heading: headings('country', values) },
    protocolCountry: {
      title: meta('protocolCountryTitle', values),
      description: meta('protocolCountryDescription', values),
      heading: headings('protocolCountry', values),
    },
  }[kind]
  return { robots, locale, filter, window: listWindow, countryName: country?.name ?? null, pathname: keysPathname(filter), texts }
}
