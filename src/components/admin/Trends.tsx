// The dashboard's trends, under the figures: money, subscribers, trials that were paid for, cancellations, free keys
// and each server's last week, drawn as SVG on the server in the admin's language. Each chart's numbers are in a
// table beside it, for screen readers and for anyone who wants them exact.
import type { AdminTranslator } from '@/lib/admin/adminMessages'
import { axisMax, bars, linePath, runs } from '@/lib/admin/chart'
import type { ServerState, Trends as TrendData } from '@/lib/admin/trends'
import { formatRubles } from '@/lib/billing/rules/pricing'
import { LISTED_PROTOCOLS, PROTOCOL_LABELS } from '@/lib/keys'

const WIDTH = 480
const HEIGHT = 120
const COLORS = { main: 'var(--theme-success-500)', second: 'var(--theme-warning-500)', down: 'var(--theme-error-500)', unknown: 'var(--theme-elevation-300)', none: 'var(--theme-elevation-100)' }
const STATE_COLOR: Record<ServerState | 'none', string> = { up: COLORS.main, down: COLORS.down, unknown: COLORS.unknown, none: COLORS.none }

const box: React.CSSProperties = { margin: 0, padding: '12px 16px', border: '1px solid var(--theme-elevation-150)', borderRadius: 4 }

function Chart({ title, summary, children, rows, testId }: { title: string; summary: string; children: React.ReactNode; rows: [string, string][]; testId: string }) {
  return (
    <figure style={box} data-testid={testId}>
      <figcaption style={{ fontWeight: 600, marginBottom: 8 }}>{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={summary} preserveAspectRatio="none" style={{ display: 'block', height: HEIGHT }}>
        {children}
      </svg>
      <p style={{ margin: '6px 0 0', fontSize: 13, color: 'var(--theme-elevation-600)' }}>{summary}</p>
      <details style={{ fontSize: 13 }}>
        <summary>{title}</summary>
        <table>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row" style={{ textAlign: 'left', fontWeight: 400, paddingRight: 12 }}>
                  {label}
                </th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}

function BarChart({ values, color = COLORS.main }: { values: number[]; color?: string }) {
  return (
    <>
      {bars(values, WIDTH, HEIGHT).map((bar, index) => (
        <rect key={index} {...bar} fill={color} />
      ))}
    </>
  )
}

export function Trends({ trends, t, language }: { trends: TrendData; t: AdminTranslator; language: 'ru' | 'en' }) {
  const money = (kopecks: number) => formatRubles(kopecks, language)
  const number = (value: number) => value.toLocaleString(language === 'en' ? 'en-GB' : 'ru-RU')
  const monthName = (month: string) => new Date(`${month}-15T00:00:00Z`).toLocaleDateString(language === 'en' ? 'en-GB' : 'ru-RU', { month: 'short', year: 'numeric', timeZone: 'UTC' })
  const dayName = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString(language === 'en' ? 'en-GB' : 'ru-RU', { day: 'numeric', month: 'short', timeZone: 'UTC' })
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
  const last = trends.subscribers.at(-1)
  const subscriberMax = axisMax(trends.subscribers.flatMap((day) => [day.active, day.trialing]))
  const keyDays = trends.keys
  return (
    <section aria-labelledby="trends-title" style={{ marginTop: 24 }} data-testid="trends">
      <h3 id="trends-title" style={{ margin: '0 0 8px' }}>
        {t('overview.trends.title')}
      </h3>
      <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))' }}>
        <Chart
          testId="trend-revenue-days"
          title={t('overview.trends.revenueByDay')}
          summary={t('overview.trends.total', { value: money(sum(trends.revenueByDay.map((day) => day.kopecks))) })}
          rows={trends.revenueByDay.map((day) => [dayName(day.day), money(day.kopecks)])}
        >
          <BarChart values={trends.revenueByDay.map((day) => day.kopecks)} />
        </Chart>
        <Chart
          testId="trend-revenue-months"
          title={t('overview.trends.revenueByMonth')}
          summary={t('overview.trends.total', { value: money(sum(trends.revenueByMonth.map((month) => month.kopecks))) })}
          rows={trends.revenueByMonth.map((month) => [monthName(month.month), money(month.kopecks)])}
        >
          <BarChart values={trends.revenueByMonth.map((month) => month.kopecks)} />
        </Chart>
        <Chart
          testId="trend-subscribers"
          title={t('overview.trends.subscribers')}
          summary={last ? t('overview.trends.subscribersNow', { active: last.active, trialing: last.trialing }) : t('overview.trends.recording')}
          rows={trends.subscribers.map((day) => [dayName(day.day), t('overview.trends.subscribersNow', { active: day.active, trialing: day.trialing })])}
        >
          <path d={linePath(trends.subscribers.map((day) => day.active), WIDTH, HEIGHT, subscriberMax)} fill="none" stroke={COLORS.main} strokeWidth={2} />
          <path d={linePath(trends.subscribers.map((day) => day.trialing), WIDTH, HEIGHT, subscriberMax)} fill="none" stroke={COLORS.second} strokeWidth={2} strokeDasharray="4 3" />
        </Chart>
        <Chart
          testId="trend-conversion"
          title={t('overview.trends.conversion')}
          summary={t('overview.trends.conversionTotal', { paid: sum(trends.conversion.map((month) => month.paid)), trials: sum(trends.conversion.map((month) => month.trials)) })}
          rows={trends.conversion.map((month) => [
            monthName(month.month),
            t('overview.trends.conversionMonth', { paid: month.paid, trials: month.trials, percent: month.trials > 0 ? Math.round((month.paid / month.trials) * 100) : 0 }),
          ])}
        >
          {(() => {
            const max = axisMax(trends.conversion.map((month) => month.trials))
            const trials = bars(trends.conversion.map((month) => month.trials), WIDTH, HEIGHT, max)
            const paid = bars(trends.conversion.map((month) => month.paid), WIDTH, HEIGHT, max)
            return trials.map((bar, index) => (
              <g key={index}>
                <rect {...bar} fill={COLORS.unknown} />
                <rect {...paid[index]!} fill={COLORS.main} />
              </g>
            ))
          })()}
        </Chart>
        <Chart
          testId="trend-cancellations"
          title={t('overview.trends.cancellations')}
          summary={t('overview.trends.count', { count: sum(trends.cancellations.map((month) => month.count)) })}
          rows={trends.cancellations.map((month) => [monthName(month.month), number(month.count)])}
        >
          <BarChart values={trends.cancellations.map((month) => month.count)} color={COLORS.second} />
        </Chart>
        <Chart
          testId="trend-keys"
          title={t('overview.trends.keys')}
          summary={keyDays.length > 0 ? LISTED_PROTOCOLS.map((protocol) => `${PROTOCOL_LABELS[protocol]} ${number(keyDays.at(-1)!.listed[protocol])}/${number(keyDays.at(-1)!.failing[protocol])}`).join(', ') : t('overview.trends.recording')}
          rows={keyDays.map((day) => [dayName(day.day), LISTED_PROTOCOLS.map((protocol) => `${PROTOCOL_LABELS[protocol]} ${number(day.listed[protocol])}/${number(day.failing[protocol])}`).join(', ')])}
        >
          {LISTED_PROTOCOLS.map((protocol, index) => {
            const band = HEIGHT / LISTED_PROTOCOLS.length
            const max = axisMax(keyDays.flatMap((day) => [day.listed[protocol], day.failing[protocol]]))
            return (
              <g key={protocol} transform={`translate(0 ${index * band})`}>
                <path d={linePath(keyDays.map((day) => day.listed[protocol]), WIDTH, band - 4, max)} fill="none" stroke={COLORS.main} strokeWidth={1.5} />
                <path d={linePath(keyDays.map((day) => day.failing[protocol]), WIDTH, band - 4, max)} fill="none" stroke={COLORS.down} strokeWidth={1.5} />
              </g>
            )
          })}
        </Chart>
      </div>
      <figure style={{ ...box, marginTop: 12 }} data-testid="trend-servers">
        <figcaption style={{ fontWeight: 600, marginBottom: 8 }}>{t('overview.trends.servers')}</figcaption>
        <p style={{ margin: '0 0 8px', fontSize: 13 }}>
          {(['up', 'down', 'unknown', 'none'] as const).map((state) => (
            <span key={state} style={{ marginRight: 12 }}>
              <span aria-hidden="true" style={{ display: 'inline-block', width: 10, height: 10, background: STATE_COLOR[state], marginRight: 4 }} />
              {t(`overview.trends.state.${state}`)}
            </span>
          ))}
        </p>
        {trends.servers.map((server) => {
          const down = server.hours.filter((state) => state === 'down').length
          return (
            <div key={server.id} style={{ display: 'grid', gridTemplateColumns: '160px 1fr', alignItems: 'center', gap: 8, margin: '2px 0' }} data-testid="server-strip">
              <span style={{ fontSize: 13, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{server.name}</span>
              <svg viewBox={`0 0 ${server.hours.length} 1`} preserveAspectRatio="none" width="100%" height={12} role="img" aria-label={t('overview.trends.serverSummary', { server: server.name, down })}>
                {runs(server.hours).map((run) => (
                  <rect key={run.start} x={run.start} y={0} width={run.length} height={1} fill={STATE_COLOR[run.value ?? 'none']} />
                ))}
              </svg>
            </div>
          )
        })}
      </figure>
    </section>
  )
}
