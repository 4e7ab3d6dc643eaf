// Manual servers whose imported keys run out within a day: on the dashboard and above the servers list.
import type { AdminViewServerProps } from 'payload'

import { adminDateTime } from '@/lib/admin/adminText'
import { adminTranslator } from '@/lib/admin/adminMessages'
import type { AdminLanguage } from '@/lib/admin/adminMessages'
import { PROTOCOL_LABELS } from '@/lib/keys'
import { serversRunningOut } from '@/lib/provisioning/runOut'
import type { RunOut } from '@/lib/provisioning/runOut'

export function RunOutList({ runningOut, language, now, admin }: { runningOut: RunOut[]; language: AdminLanguage; now: Date; admin: string }) {
  if (runningOut.length === 0) return null
  const t = adminTranslator(language)
  return (
    <div data-testid="run-out">
      <p style={{ margin: '0 0 4px' }}>{t('runOut.banner', { count: runningOut.length })}</p>
      <ul style={{ margin: 0 }}>
        {runningOut.map((runOut) => (
          <li key={runOut.id}>
            {t('runOut.item', { server: runOut.server, protocol: PROTOCOL_LABELS[runOut.protocol], date: adminDateTime(runOut.at.toISOString(), language), over: runOut.at <= now ? 'yes' : 'no' })}
          </li>
        ))}
      </ul>
      <p style={{ margin: '8px 0 0' }}>
        <a href={`${admin}/collections/keys`}>{t('overview.importNow')}</a>
      </p>
    </div>
  )
}

export async function RunOutNotice({ payload, i18n }: Pick<AdminViewServerProps, 'payload' | 'i18n'>) {
  const now = new Date()
  const runningOut = await serversRunningOut(payload, now)
  if (runningOut.length === 0) return null
  return (
    <div role="alert" style={{ padding: '12px 16px', border: '1px solid var(--theme-error-500)', borderRadius: 4, marginBottom: 16 }}>
      <RunOutList runningOut={runningOut} language={i18n.language === 'en' ? 'en' : 'ru'} now={now} admin={payload.config.routes.admin} />
    </div>
  )
}
