// A key list: home (all keys), a protocol, a country, or both; `?show=N&after=ID` arrives here as the last segment.
import type { Metadata } from 'next'
import { getTranslations, setRequestLocale } from 'next-intl/server'

import { SubscriptionBox } from '@/components/apps/SubscriptionBox'
import { notFoundMetadata, notFoundProps, ServerNotFound } from '@/components/errors/ServerNotFound'
import { Cover } from '@/components/keys/Cover'
import { KeyTable } from '@/components/keys/KeyTable'
import { SearchWidget } from '@/components/keys/SearchWidget'
import { getClientApps } from '@/lib/data/clientApps'
import { getCountriesWithKeys, getKeyList } from '@/lib/data/keys'
import { getSettings } from '@/lib/data/settings'
import { getPlans, sellsVip } from '@/lib/data/tariffs'
import { trialOffer } from '@/lib/billing/rules/pricing'
import { absoluteUrl, pageOrigin } from '@/lib/http/siteUrl'
import { PROTOCOL_LABELS, protocolHasShareLink } from '@/lib/keys/labels'
import { keysSlug } from '@/lib/routing/keysFilter'
import { subscriptionApps, subscriptionUrlFor } from '@/lib/feeds/apps'
import { FEED_ANCHOR, feedTitle, SHARE_LINK_PROTOCOLS } from '@/lib/feeds/freeFeed'
import { ssconfUrl } from '@/lib/feeds/outline'
import { pageMetadata } from '@/lib/seo/alternates'

import { resolveList } from '../../_keysList'
import type { ListParams } from '../../_keysList'

export const revalidate = 60

export function generateStaticParams(): { filter: string; window: string }[] {
  return []
}

export async function generateMetadata({ params }: { params: ListParams }): Promise<Metadata> {
  const list = await resolveList(params)
  if (!list) return notFoundMetadata((await params).locale)
  return pageMetadata({ pathname: list.pathname, locale: list.locale, robots: list.robots, ...list.texts })
}

export default async function KeyListPage({ params }: { params: ListParams }) {
  const list = await resolveList(params)
  if (!list) return <ServerNotFound {...notFoundProps(await params)} />
  const { locale, filter, window: listWindow } = list
  setRequestLocale(locale)
  const isHome = !filter.protocol && !filter.country
  const [{ rows, total, readAt, continuesAt, hasMore }, countries, settings, plans, apps, feedText] = await Promise.all([
    getKeyList(locale, filter, listWindow),
    getCountriesWithKeys(locale),
    getSettings(locale),
    isHome ? getPlans(locale) : Promise.resolve([]),
    getClientApps(locale),
    getTranslations({ locale, namespace: 'FeedBox' }),
  ])
  const selling = isHome && plans.length > 0 && (await sellsVip(locale))
  // Lists of share-link keys have a feed: apps follow the daily rotation by themselves.
  const feedProtocols = filter.protocol ? (protocolHasShareLink(filter.protocol) ? [filter.protocol] : []) : SHARE_LINK_PROTOCOLS
  // On the host the page is for: a mirror's page gives out the mirror's feed.
  const feedUrl = absoluteUrl(`/api/feed/${keysSlug(filter)}`, pageOrigin(list.robots))
  return (
    <>
      {/* On a phone the cover's trial banner follows the keys, so the first key is on the first screen (globals.css). */}
      <div className="list-top">
        {isHome ? (
          <Cover locale={locale} heading={list.texts.heading} keyCount={total} countryCount={countries.length} settings={settings} offer={trialOffer(plans)} selling={selling} />
        ) : (
          <h1>{list.texts.heading}</h1>
        )}
        <SearchWidget locale={locale} countries={countries} selected={filter} />
        <KeyTable
          locale={locale}
          rows={rows}
          total={total}
          renderedAt={readAt}
          pathname={list.pathname}
          shown={listWindow.count}
          continuesAt={continuesAt}
          hasMore={hasMore}
        />
      </div>
      {feedProtocols.length > 0 ? (
        <section id={FEED_ANCHOR} className="feed-box" aria-labelledby="feed-title">
          <h2 id="feed-title">{feedText('title')}</h2>
          <p>{feedText('text')}</p>
          <SubscriptionBox
            url={feedUrl}
            name={feedTitle(settings.siteName, { protocol: filter.protocol ? PROTOCOL_LABELS[filter.protocol] : null, country: list.countryName })}
            ssconf={filter.protocol === 'outline' ? ssconfUrl(subscriptionUrlFor(feedUrl, 'outline')) : null}
            apps={subscriptionApps(apps, feedProtocols)}
            idPrefix="feed-apps"
            testId="feed"
          />
        </section>
      ) : null}
    </>
  )
}
