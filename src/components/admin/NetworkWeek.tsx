// The dashboard's view of the probes: for each network of the visitors' country, the share of checks each protocol
// passed over the week (the same roll-ups as /status, read fresh), so an editor sees which protocols to issue.
import type { AdminTranslator } from '@/lib/admin/adminMessages'
import { percentText } from '@/lib/data/status'
import type { NetworkStatus } from '@/lib/data/status'
import { PROTOCOL_LABELS } from '@/lib/keys'

const cell: React.CSSProperties = { padding: '4px 10px', borderBottom: '1px solid var(--theme-elevation-150)', textAlign: 'right' }

export function NetworkWeek({ status, t, admin }: { status: NetworkStatus; t: AdminTranslator; admin: string }) {
  const networks = [...new Set(status.rows.map((row) => row.network))]
  const protocols = [...new Set(status.rows.map((row) => row.protocol))]
  return (
    <div data-testid="overview-networks">
      <h3 style={{ margin: '16px 0 8px' }}>{t('overview.networks.title')}</h3>
      {networks.length === 0 ? (
        <p>
          {t('overview.networks.none')} <a href={`${admin}/collections/probes`}>{t('overview.networks.probes')}</a>
        </p>
      ) : (
        <table style={{ borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              <th style={{ ...cell, textAlign: 'left' }}>{t('overview.networks.network')}</th>
              {protocols.map((protocol) => (
                <th key={protocol} style={cell}>
                  {PROTOCOL_LABELS[protocol]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {networks.map((network) => (
              <tr key={network}>
                <th scope="row" style={{ ...cell, textAlign: 'left', fontWeight: 400 }}>
                  {network}
                </th>
                {protocols.map((protocol) => {
                  const share = status.rows.find((row) => row.network === network && row.protocol === protocol)
                  return (
                    <td key={protocol} style={cell} title={share ? t('overview.networks.checks', { passed: share.week.passed, checks: share.week.checks }) : undefined}>
                      {share ? percentText(share.week) : '—'}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
