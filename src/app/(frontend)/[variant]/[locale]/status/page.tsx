// /status: which protocols work from the visitors' networks today. Per protocol and network, the share of keys that
// worked in the probes' checks over the last hour and the week (a table), and each protocol's week by day (a chart
// drawn here as SVG, its numbers in the table). Cached like the lists.
import type { Metadata } from 'next'
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server'
import { notFound } from 'next/navigation'

import { isLocale } from '@/i18n/locales'
import { PROTOCOL_LABELS } from '@/lib/keys'
import { getNetworkStatus, percentOf } from '@/lib/data/status'
import type { StatusShare } from '@/lib/data/status'
import { pageMetadata } from '@/lib/seo/alternates'
import { isRobotsMode } from '@/lib/seo/robots'

type Params = Promise<{ variant: string; locale: string }>

export const revalidate = 300

export function generateStaticParams(): never[] {
  return []
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { variant: robots, locale } = await params
  if (!isLocale(locale) || !isRobotsMode(robots)) return {}
  const [t, status] = await Promise.all([getTranslations({ locale, namespace: 'Status' }), getNetworkStatus()])
  return pageMetadata({ pathname: '/status', locale, robots, title: t('title', { country: status.country }), description: t('description', { country: status.country }) })
}

const CHART = { width: 320, height: 60, gap: 4 }

function WeekChart({ days, label }: { days: StatusShare[]; label: string }) {
  const bar = (CHART.width - CHART.gap * (days.length - 1)) / days.length
  return (
    <svg className="status__chart" viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={label} width={CHART.width} height={CHART.height}>
      {days.map((day, index) => {
        const percent = percentOf(day)
        const height = percent === null ? 2 : Math.max(2, (percent / 100) * CHART.height)
        return <rect key={index} x={index * (bar + CHART.gap)} y={CHART.height - height} width={bar} height={height} className={percent === null ? 'status__bar status__bar--none' : 'status__bar'} />
      })}
    </svg>
  )
}

export default async function StatusPage({ params }: { params: Params }) {
  const { locale } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  const [t, format, status] = await Promise.all([getTranslations({ locale, namespace: 'Status' }), getFormatter({ locale }), getNetworkStatus()])
  const share = (value: StatusShare) => {
    const percent = percentOf(value)
    return percent === null ? t('none') : t('share', { percent, checks: value.checks })
  }
  const dayNames = Array.from({ length: 7 }, (_, index) => format.dateTime(new Date(status.readAt - (6 - index) * 86_400_000), { weekday: 'short', timeZone: 'Europe/Moscow' }))
  return (
    <div className="status">
      <h1>{t('heading', { country: status.country })}</h1>
      <p className="cover__subtitle">{t('intro', { country: status.country })}</p>
      {status.rows.length === 0 ? (
        <p data-testid="status-empty">{t('empty')}</p>
      ) : (
        <>
          <section aria-labelledby="status-week">
            <h2 id="status-week">{t('weekHeading')}</h2>
            <ul className="status__charts">
              {status.days.map(({ protocol, days }) => (
                <li key={protocol}>
                  <h3>{PROTOCOL_LABELS[protocol]}</h3>
                  <WeekChart days={days} label={t('chartLabel', { protocol: PROTOCOL_LABELS[protocol], days: days.map((day, index) => `${dayNames[index]} ${percentOf(day) ?? '—'}`).join(', ') })} />
                </li>
              ))}
            </ul>
          </section>
          <table className="status__table" data-testid="status-table">
            <caption>{t('tableCaption', { country: status.country })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('protocol')}</th>
                <th scope="col">{t('network')}</th>
                <th scope="col">{t('lastHour')}</th>
                <th scope="col">{t('lastWeek')}</th>
              </tr>
            </thead>
            <tbody>
              {status.rows.map((row) => (
                <tr key={`${row.protocol}:${row.network}`} data-protocol={row.protocol} data-network={row.network}>
                  <td>{PROTOCOL_LABELS[row.protocol]}</td>
                  <td>{row.network}</td>
                  <td>{share(row.hour)}</td>
                  <td>{share(row.week)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <p className="field-description">{t('how')}</p>
    </div>
  )
}
