// The bulk import for a manual server: parsed lines and files become free keys on that server; every
// refused line or file is reported with a reason an editor can act on.
import type { Payload } from 'payload'

import type { KeyParseError } from '@/lib/keys'
import { parseImport } from '@/lib/keys/importKeys'
import type { RejectedItem } from '@/lib/keys/importKeys'

export type ImportReport = { created: number; rejected: { source: string; reason: string }[] }

type Reason = RejectedItem['reason'] | 'protocol_not_offered'

const REASONS: Record<'ru' | 'en', Partial<Record<Reason | KeyParseError, string>> & { fallback: string }> = {
  ru: {
    unknown_scheme: 'неизвестный тип ссылки (поддерживаются vless://, ss://, trojan://)',
    malformed_uri: 'это не ссылка ключа',
    duplicate: 'повтор строки',
    too_many: 'больше 500 строк за раз',
    unsupported_file: 'поддерживаются файлы .conf (WireGuard) и .ovpn (OpenVPN)',
    file_too_large: 'файл больше 64 КБ',
    protocol_not_offered: 'сервер не предлагает этот протокол (добавьте его в настройках сервера)',
    fallback: 'ключ не разобран',
  },
  en: {
    unknown_scheme: 'unknown link type (vless://, ss://, trojan:// are supported)',
    malformed_uri: 'not a key link',
    duplicate: 'repeated line',
    too_many: 'more than 500 lines at once',
    unsupported_file: 'only .conf (WireGuard) and .ovpn (OpenVPN) files are supported',
    file_too_large: 'file larger than 64 KB',
    protocol_not_offered: 'the server does not offer this protocol (add it in the server settings)',
    fallback: 'the key could not be read',
  },
}

export function describeReason(reason: string, language: 'ru' | 'en'): string {
  const copy = REASONS[language]
  const text = copy[reason as Reason]
  return text ?? `${copy.fallback} (${reason})`
}

export async function importKeys(
  payload: Payload,
  input: { serverId: number; text?: string; files?: { name: string; content: string }[]; expiresInHours: number | null; language: 'ru' | 'en' },
): Promise<ImportReport | null> {
  const server = await payload.findByID({ collection: 'servers', id: input.serverId, depth: 0, disableErrors: true })
  if (!server) return null
  const offered = new Set((server.protocols ?? []).map((entry) => entry.protocol))
  const { keys, rejected } = parseImport({ text: input.text, files: input.files })
  const report: ImportReport = { created: 0, rejected: rejected.map((item) => ({ source: item.source, reason: describeReason(item.reason, input.language) })) }
  const expiresAt = input.expiresInHours === null ? null : new Date(Date.now() + input.expiresInHours * 3_600_000).toISOString()
  for (const key of keys) {
    if (!offered.has(key.protocol)) {
      report.rejected.push({ source: key.source, reason: describeReason('protocol_not_offered', input.language) })
      continue
    }
    await payload.create({
      collection: 'keys',
      data: { server: server.id, protocol: key.protocol, tier: 'free', keyString: key.keyString, configFile: key.configFile ?? undefined, expiresAt },
      depth: 0,
    })
    report.created += 1
  }
  return report
}
