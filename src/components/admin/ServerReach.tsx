// On a server's page in the admin: how its keys fare from the visitors' networks (src/lib/probes/serverReach.ts),
// per network the share of the probes' checks that passed over a day and a week, and the hours of the day its keys
// were used from there. Read fresh when the page opens; nothing before the server is saved.
import type { UIFieldServerProps } from 'payload'

import { adminLanguage, adminTranslator } from '@/lib/admin/adminMessages'
import { percentText } from '@/lib/data/status'
import { readServerReach } from '@/lib/probes/serverReach'

const cell: React.CSSProperties = { padding: '2px 6px 2px 0', verticalAlign: 'top' }

export async function ServerReach({ id, payload, req }: UIFieldServerProps) {
  if (id === undefined || id === null) return null
  const t = adminTranslator(adminLanguage(req))
  const rows = await readServerReach(payload, Number(id))
  return (
    <div data-testid="server-reach" style={{ marginBottom: 24 }}>
      <h4 style={{ margin: '0 0 8px' }}>{t('serverReach.title')}</h4>
      {rows.length === 0 ? (
        <p>{t('serverReach.none')}</p>
      ) : (
        <table style={{ borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              <th style={{ ...cell, textAlign: 'left' }}>{t('serverReach.network')}</th>
              <th style={cell}>{t('serverReach.day')}</th>
              <th style={cell}>{t('serverReach.week')}</th>
              <th style={cell}>{t('serverReach.used')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.country}:${row.network}`}>
                <th scope="row" style={{ ...cell, textAlign: 'left', fontWeight: 400 }}>
                  {row.network} ({row.country.toUpperCase()})
                </th>
                <td style={cell} title={t('overview.networks.checks', row.day)}>
                  {percentText(row.day)}
                </td>
                <td style={cell} title={t('overview.networks.checks', row.week)}>
                  {percentText(row.week)}
                </td>
                <td style={cell}>{row.hoursUsed > 0 ? t('serverReach.hours', { count: row.hoursUsed }) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
