// What editors paste or upload into a manual server: share links one per line (vless://, ss://, trojan://)
// and config files (.conf WireGuard, .ovpn OpenVPN). Each line or file becomes a key or a reason it was refused.
import { parseOpenVpnProfile } from './openvpn'
import { parseShareLink } from './parse'
import type { KeyParseError, Protocol } from './types'
import { parseWireguardConfig } from './wireguard'

import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_ITEMS } from './importLimits'

export { IMPORT_MAX_BODY_BYTES, IMPORT_MAX_FILE_BYTES, IMPORT_MAX_ITEMS } from './importLimits'

export type ImportedKey = {
  source: string
  protocol: Protocol
  /** The address the key connects to, to check it belongs to the server it is imported into. */
  host: string
  keyString: string | null
  configFile: { filename: string; content: string } | null
}
export type RejectedItem = { source: string; reason: KeyParseError | 'unsupported_file' | 'file_too_large' | 'too_many' | 'duplicate' }

export type ImportParse = { keys: ImportedKey[]; rejected: RejectedItem[] }

function short(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}…` : text
}

export function parseImport({ text = '', files = [] }: { text?: string; files?: { name: string; content: string }[] }): ImportParse {
  const keys: ImportedKey[] = []
  const rejected: RejectedItem[] = []
  const seen = new Set<string>()
  const lines = text
    .split(/\r?\n/)
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line !== '' && !line.startsWith('#'))

  for (const [index, { line, number }] of lines.entries()) {
    const source = `${number}: ${short(line)}`
    if (keys.length + rejected.length >= IMPORT_MAX_ITEMS) {
      // One answer for everything past the limit, not one per line (half a million lines once answered 92 MB).
      const last = lines[lines.length - 1]!.number
      rejected.push({ source: number === last ? source : `${number}–${last}: ${lines.length - index}`, reason: 'too_many' })
      break
    }
    const parsed = parseShareLink(line)
    if (!parsed.ok) {
      rejected.push({ source, reason: parsed.error })
    } else if (seen.has(parsed.value.uri)) {
      rejected.push({ source, reason: 'duplicate' })
    } else {
      seen.add(parsed.value.uri)
      keys.push({ source, protocol: parsed.value.protocol, host: parsed.value.host, keyString: parsed.value.uri, configFile: null })
    }
  }

  for (const [index, file] of files.entries()) {
    const source = file.name
    if (keys.length + rejected.length >= IMPORT_MAX_ITEMS) {
      // The limit is for lines and files together: one answer for every file past it.
      const rest = files.length - index
      rejected.push({ source: rest === 1 ? source : `${source} … ${files[files.length - 1]!.name}: ${rest}`, reason: 'too_many' })
      break
    }
    if (Buffer.byteLength(file.content) > IMPORT_MAX_FILE_BYTES) {
      rejected.push({ source, reason: 'file_too_large' })
      continue
    }
    const extension = file.name.toLowerCase().split('.').pop()
    const filename = file.name.replace(/[^A-Za-z0-9_.=+-]/g, '_').slice(0, 64)
    if (extension === 'conf') {
      const parsed = parseWireguardConfig(file.content)
      if (parsed.ok) keys.push({ source, protocol: 'wireguard', host: parsed.value.peer.endpointHost, keyString: file.content, configFile: { filename, content: file.content } })
      else rejected.push({ source, reason: parsed.error })
    } else if (extension === 'ovpn') {
      const parsed = parseOpenVpnProfile(file.content)
      if (parsed.ok) keys.push({ source, protocol: 'openvpn', host: parsed.value.host, keyString: null, configFile: { filename, content: file.content } })
      else rejected.push({ source, reason: parsed.error })
    } else {
      rejected.push({ source, reason: 'unsupported_file' })
    }
  }
  return { keys, rejected }
}
