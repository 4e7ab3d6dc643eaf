// Above the admin dashboard's collections: the figures that matter, each a link to the matching list,
// the warnings an editor has to act on (servers down, imported keys running out), and the trends below.
import type { AdminViewServerProps } from 'payload'

import { adminTranslator } from '@/lib/admin/adminMessages'
import { CHECKLIST, firstDayChecklist, siteOverview } from '@/lib/admin/overview'
import { growthFigures } from '@/lib/admin/growth'
import { siteTrends } from '@/lib/admin/trends'
import { readNetworkStatus } from '@/lib/data/status'
import { formatRubles } from '@/lib/billing/rules/pricing'
import { LISTED_PROTOCOLS, PROTOCOL_LABELS } from '@/lib/keys'

import { Growth } from './Growth'
import { NetworkWeek } from './NetworkWeek'
import { RunOutList } from './RunOutNotice'
import { Trends } from './Trends'

const card: React.CSSProperties = {
  display: 'block',
  padding: '12px 16px',
  border: '1px solid var(--theme-elevation-150)',
  borderRadius: 4,
  color: 'inherit',
  textDecoration: 'none',
}

function Figure({ label, value, href }: { label: string; value: string; href: string }) {
  return (
    <a href={href} style={card} data-testid="overview-figure">
      <div style={{ fontSize: 13, color: 'var(--theme-elevation-600)' }}>{label}</div>
      <div style={{ fontSize: 24, fontWeight: 600 }}>{value}</div>
    </a>
  )
}

export async function Overview({ payload, i18n }: Pick<AdminViewServerProps, 'payload' | 'i18n'>) {
  const language = i18n.language === 'en' ? 'en' : 'ru'
  const t = adminTranslator(language)
  const now = new Date()
  const [overview, checklist, trends, networks, growth] = await Promise.all([
    siteOverview(payload, now),
    firstDayChecklist(payload, now),
    siteTrends(payload, now),
    readNetworkStatus(now.getTime()),
    growthFigures(payload, now),
  ])
  const admin = payload.config.routes.admin
  const done = CHECKLIST.filter((item) => checklist[item]).length
  // Where each item is done: the settings, the lists to add to (payment keys live in .env, not in the admin).
  const checklistHref: Record<(typeof CHECKLIST)[number], string | null> = {
    settings: `${admin}/globals/site-settings`,
    countries: `${admin}/collections/countries`,
    server: `${admin}/collections/servers/create`,
    keys: `${admin}/collections/keys`,
    plans: `${admin}/collections/tariffs`,
    payments: null,
    pages: `${admin}/collections/pages`,
  }
  const number = (value: number) => value.toLocaleString(language === 'en' ? 'en-GB' : 'ru-RU')
  return (
    <section aria-labelledby="overview-title" style={{ marginBottom: 32 }} data-testid="overview">
      <h2 id="overview-title" style={{ marginBottom: 12 }}>
        {t('overview.title')}
      </h2>
      {done < CHECKLIST.length ? (
        <div style={{ ...card, marginBottom: 16 }} data-testid="first-day">
          <h3 style={{ margin: '0 0 8px' }}>
            {t('overview.checklist.title')} <span style={{ fontWeight: 400 }}>({t('overview.checklist.done', { done, total: CHECKLIST.length })})</span>
          </h3>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {CHECKLIST.map((item) => {
              const href = checklistHref[item]
              const text = t(`overview.checklist.${item}`)
              return (
                <li key={item} data-done={checklist[item]} style={{ margin: '4px 0' }}>
                  <span aria-hidden="true">{checklist[item] ? '✓ ' : '○ '}</span>
                  {href && !checklist[item] ? <a href={href}>{text}</a> : text}
                </li>
              )
            })}
          </ul>
        </div>
      ) : null}
      {overview.serversDown.length > 0 || overview.runningOut.length > 0 ? (
        <div role="alert" style={{ ...card, borderColor: 'var(--theme-error-500)', marginBottom: 16 }}>
          {overview.serversDown.length > 0 ? (
            <p style={{ margin: '0 0 8px' }}>
              {t('overview.down', { count: overview.serversDown.length })}{' '}
              {overview.serversDown.map((server, index) => (
                <span key={server.id}>
                  {index > 0 ? ', ' : null}
                  <a href={`${admin}/collections/servers/${server.id}`}>{server.name}</a>
                </span>
              ))}
            </p>
          ) : null}
          <RunOutList runningOut={overview.runningOut} language={language} now={now} admin={admin} />
        </div>
      ) : null}
      <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
        <Figure label={t('overview.active')} value={number(overview.active)} href={`${admin}/collections/subscriptions?where[status][equals]=active`} />
        <Figure label={t('overview.trialing')} value={number(overview.trialing)} href={`${admin}/collections/subscriptions?where[status][equals]=trialing`} />
        <Figure label={t('overview.revenue')} value={formatRubles(overview.revenueKopecks, language)} href={`${admin}/collections/subscription-events?where[type][in]=payment,refund`} />
        <Figure label={t('overview.serversDown')} value={number(overview.serversDown.length)} href={`${admin}/collections/servers?where[health.status][equals]=down`} />
        <Figure label={t('overview.expiring')} value={number(overview.expiringSoon)} href={`${admin}/collections/keys?sort=expiresAt`} />
      </div>
      <h3 style={{ margin: '16px 0 8px' }}>{t('overview.freeKeys')}</h3>
      <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))' }}>
        {LISTED_PROTOCOLS.map((protocol) => (
          <Figure key={protocol} label={PROTOCOL_LABELS[protocol]} value={number(overview.freeKeys[protocol])} href={`${admin}/collections/keys?where[protocol][equals]=${protocol}&where[tier][equals]=free`} />
        ))}
      </div>
      <NetworkWeek status={networks} t={t} admin={admin} />
      <Growth growth={growth} t={t} language={language} admin={admin} />
      <Trends trends={trends} t={t} language={language} />
    </section>
  )
}
