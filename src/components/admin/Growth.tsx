// The dashboard's growth section: revenue of the last 30 days with and without a promo code, and each code's uses and
// money (src/lib/admin/growth.ts), in the admin's language; each code links to its page.
import type { AdminTranslator } from '@/lib/admin/adminMessages'
import type { GrowthFigures } from '@/lib/admin/growth'
import { formatRubles } from '@/lib/billing/rules/pricing'

const cell: React.CSSProperties = { padding: '4px 8px', borderBottom: '1px solid var(--theme-elevation-100)', textAlign: 'left' }

export function Growth({ growth, t, language, admin }: { growth: GrowthFigures; t: AdminTranslator; language: 'ru' | 'en'; admin: string }) {
  const rub = (kopecks: number) => formatRubles(kopecks, language)
  return (
    <section aria-labelledby="growth-title" style={{ marginTop: 24 }} data-testid="growth">
      <h3 id="growth-title" style={{ margin: '0 0 8px' }}>
        {t('overview.growth.title')}
      </h3>
      <p data-testid="growth-revenue">{t('overview.growth.revenue30', { withCode: rub(growth.revenue30.withCode), withoutCode: rub(growth.revenue30.withoutCode) })}</p>
      <p data-testid="growth-referrals">{t('overview.growth.referrals', growth.referrals)}</p>
      <p data-testid="growth-gifts">{t('overview.growth.gifts', growth.gifts)}</p>
      {growth.codes.length === 0 ? (
        <p>{t('overview.growth.noCodes')}</p>
      ) : (
        <table style={{ borderCollapse: 'collapse' }} data-testid="growth-codes">
          <caption style={{ textAlign: 'left', fontWeight: 600, padding: '4px 0' }}>{t('overview.growth.codes')}</caption>
          <thead>
            <tr>
              <th style={cell}>{t('overview.growth.code')}</th>
              <th style={cell}>{t('overview.growth.uses')}</th>
              <th style={cell}>{t('overview.growth.money')}</th>
            </tr>
          </thead>
          <tbody>
            {growth.codes.map((code) => (
              <tr key={code.id}>
                <td style={cell}>
                  <a href={`${admin}/collections/promo-codes/${code.id}`}>{code.code}</a>
                  {code.active ? null : ` (${t('overview.growth.off')})`}
                </td>
                <td style={cell}>{code.uses.toLocaleString(language === 'en' ? 'en-GB' : 'ru-RU')}</td>
                <td style={cell}>{rub(code.revenueKopecks)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
