// The bulk import for a manual server: parsed lines and files become free keys on that server; every
// refused line or file is reported with a reason an editor can act on, in the admin's language. Keys
// already on the site, and keys that lead to another address than the server's, are refused (the latter
// unless the editor says it is intended, e.g. a key through a domain in front of the server).
import type { Payload } from 'payload'

import type { AdminTranslator } from '@/lib/admin/adminMessages'
import { sameHost } from '@/lib/http/sameHost'
import { PROTOCOL_LABELS, isListedProtocol } from '@/lib/keys'
import type { KeyParseError } from '@/lib/keys'
import { parseImport } from '@/lib/keys/importKeys'
import type { ImportedKey, RejectedItem } from '@/lib/keys/importKeys'

export type ImportReport = { created: number; rejected: { source: string; reason: string }[] }

export type ImportInput = {
  serverId: number
  text?: string
  files?: { name: string; content: string }[]
  /** When the imported keys stop being listed; null: until an editor removes them. */
  expiresAt: Date | null
  acceptOtherHost: boolean
}

type MessageKey =
  | 'notKey' | 'unknownScheme' | 'empty' | 'host' | 'port' | 'secret' | 'method' | 'settings' | 'file'
  | 'duplicate' | 'tooMany' | 'unsupportedFile' | 'fileTooLarge'

const MESSAGE_OF: Record<RejectedItem['reason'], MessageKey> = {
  empty_input: 'empty',
  unknown_scheme: 'unknownScheme',
  malformed_uri: 'notKey',
  missing_host: 'host',
  invalid_host: 'host',
  missing_port: 'port',
  invalid_port: 'port',
  missing_credentials: 'secret',
  invalid_uuid: 'secret',
  invalid_password: 'secret',
  unsupported_method: 'method',
  unsupported_transport: 'settings',
  unsupported_security: 'settings',
  invalid_reality_params: 'settings',
  invalid_key: 'file',
  missing_field: 'file',
  invalid_config: 'file',
  duplicate: 'duplicate',
  too_many: 'tooMany',
  unsupported_file: 'unsupportedFile',
  file_too_large: 'fileTooLarge',
} satisfies Record<KeyParseError | 'duplicate' | 'too_many' | 'unsupported_file' | 'file_too_large', MessageKey>

/** Live keys already on the site with the same link or file content, by that content. */
async function existingKeys(payload: Payload, keys: ImportedKey[]): Promise<Map<string, number>> {
  const links = keys.flatMap((key) => (key.keyString ? [key.keyString] : []))
  const files = keys.flatMap((key) => (key.keyString === null && key.configFile ? [key.configFile.content] : []))
  if (links.length === 0 && files.length === 0) return new Map()
  const { docs } = await payload.find({
    collection: 'keys',
    where: {
      and: [
        { revokedAt: { exists: false } },
        { or: [...(links.length > 0 ? [{ keyString: { in: links } }] : []), ...(files.length > 0 ? [{ 'configFile.content': { in: files } }] : [])] },
      ],
    },
    pagination: false,
    depth: 0,
    select: { keyString: true, configFile: true },
  })
  const found = new Map<string, number>()
  for (const doc of docs) {
    if (doc.keyString) found.set(doc.keyString, doc.id)
    if (doc.configFile?.content) found.set(doc.configFile.content, doc.id)
  }
  return found
}

export async function importKeys(payload: Payload, input: ImportInput, t: AdminTranslator): Promise<ImportReport | null> {
  const server = await payload.findByID({ collection: 'servers', id: input.serverId, depth: 0, disableErrors: true })
  if (!server) return null
  const offered = new Set((server.protocols ?? []).map((entry) => entry.protocol))
  const { keys, rejected } = parseImport({ text: input.text, files: input.files })
  const report: ImportReport = { created: 0, rejected: rejected.map((item) => ({ source: item.source, reason: t(`import.${MESSAGE_OF[item.reason]}`) })) }
  const existing = await existingKeys(payload, keys)
  for (const key of keys) {
    const content = key.keyString ?? key.configFile?.content ?? ''
    const already = existing.get(content)
    let reason: string | null = null
    if (already !== undefined) reason = t('import.alreadyImported', { id: already })
    else if (!isListedProtocol(key.protocol)) reason = t('import.vipOnly', { protocol: PROTOCOL_LABELS[key.protocol] })
    else if (!offered.has(key.protocol)) reason = t('import.protocolNotOffered', { protocol: PROTOCOL_LABELS[key.protocol] })
    else if (!input.acceptOtherHost && !sameHost(key.host, server.host)) reason = t('import.otherHost', { keyHost: key.host, serverHost: server.host })
    if (reason !== null) {
      report.rejected.push({ source: key.source, reason })
      continue
    }
    await payload.create({
      collection: 'keys',
      data: {
        server: server.id,
        protocol: key.protocol,
        tier: 'free',
        keyString: key.keyString,
        configFile: key.configFile ?? undefined,
        expiresAt: input.expiresAt?.toISOString() ?? null,
      },
      depth: 0,
    })
    report.created += 1
  }
  return report
}
