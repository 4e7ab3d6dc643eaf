// Apps per platform, each with its store link and, where it imports subscriptions, a one-tap "Add" link.
// Platform tabs are radio buttons styled as tabs, siblings of the lists they show (CSS `:checked ~`), so they work
// without JavaScript in every browser; PlatformPreselect then has the visitor's platform picked.
import { Fragment } from 'react'
import { useTranslations } from 'next-intl'

import { importLink, platformsOf } from '@/lib/feeds/apps'
import type { ClientApp, Platform } from '@/lib/feeds/apps'

import { PlatformPreselect } from './PlatformPreselect'

type Props = {
  apps: readonly ClientApp[]
  /** What "Add" imports; without it only store links are shown. */
  subscription: { url: string; name: string } | null
  /** Unique on the page: names the radio group. */
  idPrefix: string
  /** The platform the server already knows (personal pages read the User-Agent), else the first. */
  initialPlatform?: Platform | null
}

export function AppGuide({ apps, subscription, idPrefix, initialPlatform = null }: Props) {
  const t = useTranslations('Apps')
  const platforms = platformsOf(apps)
  if (platforms.length === 0) return <p>{t('none')}</p>
  const checked = initialPlatform && platforms.includes(initialPlatform) ? initialPlatform : platforms[0]
  return (
    <div className="app-guide" role="group" aria-label={t('choosePlatform')} data-testid="app-guide">
      {platforms.map((platform) => (
        <Fragment key={platform}>
          <input
            type="radio"
            className="app-guide__radio visually-hidden"
            name={idPrefix}
            id={`${idPrefix}-${platform}`}
            value={platform}
            defaultChecked={platform === checked}
          />
          <label className="app-guide__tab" htmlFor={`${idPrefix}-${platform}`}>
            {t('platform', { platform })}
          </label>
        </Fragment>
      ))}
      {platforms.map((platform) => (
        <ul key={platform} className="app-guide__apps" data-platform={platform}>
          {apps
            .filter((app) => app.platform === platform)
            .map((app) => {
              const add = subscription ? importLink(app, subscription) : null
              return (
                <li key={app.id} data-testid="client-app">
                  <span className="app-guide__name">
                    {app.name}
                    {app.isRecommended ? <span className="badge">{t('recommended')}</span> : null}
                  </span>
                  {app.note ? <span className="app-guide__note">{app.note}</span> : null}
                  <span className="app-guide__actions">
                    {add ? (
                      <a className="button button--primary" href={add} data-testid="import-link">
                        {t('add', { app: app.name })}
                      </a>
                    ) : null}
                    <a className="button button--ghost" href={app.storeUrl} target="_blank" rel="noopener noreferrer">
                      {t('install')}
                    </a>
                  </span>
                </li>
              )
            })}
        </ul>
      ))}
      <PlatformPreselect group={idPrefix} />
    </div>
  )
}
