// What "rotate now" tells the editor, one line per enabled free server, in the admin's language.
import { adminDateTime } from '@/lib/admin/adminText'
import type { AdminLanguage, AdminTranslator } from '@/lib/admin/adminMessages'

import type { RotationReport, ServerRotation } from './rotation'

function line(entry: ServerRotation, t: AdminTranslator, language: AdminLanguage, now: Date): string {
  const date = entry.nextAt === null ? null : adminDateTime(entry.nextAt, language)
  switch (entry.outcome) {
    case 'manual': {
      const runOut = date === null ? t('rotation.manualForever') : Date.parse(entry.nextAt!) <= now.getTime() ? t('rotation.manualEmpty') : t('rotation.manualUntil', { date })
      return t('rotation.manual', { server: entry.server, runOut })
    }
    case 'failed':
      return t('rotation.failed', { server: entry.server, errors: entry.errors.join('; ') })
    case 'rotated':
    case 'not_due': {
      const next = date === null ? t('rotation.never') : t('rotation.next', { date })
      return entry.outcome === 'rotated'
        ? t('rotation.rotated', { server: entry.server, issued: entry.issued, revoked: entry.revoked, next })
        : t('rotation.notDue', { server: entry.server, next })
    }
  }
}

export function summarizeRotation(report: RotationReport, t: AdminTranslator, language: AdminLanguage, now: Date = new Date()): string[] {
  if (report.servers.length === 0) return [t('rotation.none')]
  return report.servers.map((entry) => line(entry, t, language, now))
}
