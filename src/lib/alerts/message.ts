// The words of an alert: what started and what is over since the last one, in the reader's language, with the links
// to the incidents list and to the alert settings. One message for every change a look found, never one apiece.
import { adminTranslator } from '@/lib/admin/adminMessages'
import type { AdminLanguage } from '@/lib/admin/adminMessages'

import { INCIDENT_KINDS } from './incidents'
import type { IncidentKind } from './incidents'

export type AlertChange = { kind: IncidentKind; params: Record<string, string> }

/** Each kind's name in both languages (the incidents list, the alert settings). */
export const KIND_LABELS = Object.fromEntries(
  INCIDENT_KINDS.map((kind) => [kind, { ru: adminTranslator('ru')(`alerts.kinds.${kind}`), en: adminTranslator('en')(`alerts.kinds.${kind}`) }]),
) as Record<IncidentKind, { ru: string; en: string }>

export type AlertMessage = { subject: string; lines: string[] }

export function incidentLine(change: AlertChange, phase: 'start' | 'end', language: AdminLanguage): string {
  const t = adminTranslator(language)
  const { params } = change
  const country = language === 'en' ? params.countryEn : params.countryRu
  return t(`alerts.${change.kind}.${phase}`, { ...params, country: country ?? '', count: Number(params.count ?? 0) })
}

export function alertMessage(
  { started, ended }: { started: readonly AlertChange[]; ended: readonly AlertChange[] },
  { language, siteName, serverUrl }: { language: AdminLanguage; siteName: string; serverUrl: string },
): AlertMessage {
  const t = adminTranslator(language)
  const summary = [started.length > 0 ? t('alerts.started', { count: started.length }) : null, ended.length > 0 ? t('alerts.ended', { count: ended.length }) : null]
    .filter((part): part is string => part !== null)
    .join(', ')
  // A single change is its own subject; several are counted.
  const only = started.length + ended.length === 1 ? incidentLine((started[0] ?? ended[0])!, started.length === 1 ? 'start' : 'end', language) : null
  const lines = [
    ...(started.length > 0 ? [t('alerts.startedHeading'), ...started.map((change) => `• ${incidentLine(change, 'start', language)}`)] : []),
    ...(ended.length > 0 ? [t('alerts.endedHeading'), ...ended.map((change) => `• ${incidentLine(change, 'end', language)}`)] : []),
    '',
    t('alerts.details', { url: `${serverUrl}/admin/collections/incidents` }),
    t('alerts.settings', { url: `${serverUrl}/admin/globals/site-settings` }),
  ]
  return { subject: t('alerts.subject', { siteName, summary: only ?? summary }), lines }
}
