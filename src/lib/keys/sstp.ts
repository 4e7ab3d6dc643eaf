// SSTP has no share link: users get server/login/password, and Windows users a rasphone .pbk entry.
import { KeyFormatError, fail, ok } from './result'
import type { ParseResult } from './types'
import { assertHostPort, parseHostPort } from './uri'

export const SSTP_DEFAULT_PORT = 443

export interface SstpParameters {
  host: string
  port: number
  login: string
  password: string
}

export interface SstpParametersInput {
  host: string
  /** Defaults to 443: SSTP is HTTPS, and that port is what firewalls let through. */
  port?: number
  login: string
  password: string
}

export interface SstpPhonebookEntry {
  name: string
  host: string
  port: number
}

export function buildSstpParameters(input: SstpParametersInput): SstpParameters {
  const port = input.port ?? SSTP_DEFAULT_PORT
  assertHostPort(input.host, port)
  if (input.login === '' || input.password === '') throw new KeyFormatError('missing_credentials')
  return { host: input.host, port, login: input.login, password: input.password }
}

/** What goes into Windows' "Server name or address" field: the port only when it is not 443. */
export function sstpServerAddress(host: string, port: number = SSTP_DEFAULT_PORT): string {
  const bracketed = host.includes(':') ? `[${host}]` : host
  return port === SSTP_DEFAULT_PORT ? bracketed : `${bracketed}:${port}`
}

/**
 * One rasphone.pbk entry (format: MS-RRASM 2.2.2, "File Format for Phonebook"), opened with
 * `rasphone -f file.pbk` or by double-click. It holds no login or password: Windows keeps those
 * in its credential store and asks on first connect. Values mirror what Windows 10/11 write for a
 * user-created SSTP connection, trimmed to keys that differ from defaults or identify the entry:
 * - Type=2 is RASET_Vpn; VpnStrategy=5 is "SSTP only" (no slow PPTP/L2TP probing first);
 * - DataEncryption=256 requires encryption; AuthRestrictions=512 allows MS-CHAP v2 only;
 * - IpPrioritizeRemote=1 routes all traffic through the VPN, which is the point of our keys;
 * - MEDIA=rastapi / Port / Device bind the entry to the built-in "WAN Miniport (SSTP)";
 *   port names differ between machines, Windows matches the entry by Device;
 * - PhoneNumber is the server, with ":port" only when the port is not 443.
 * Encoding=1 (as Windows writes it) declares UTF-8, so Cyrillic entry names survive; lines end in CRLF as the spec requires.
 */
export function buildSstpPhonebook(input: { name: string; host: string; port?: number }): string {
  const port = input.port ?? SSTP_DEFAULT_PORT
  assertHostPort(input.host, port)
  const lines = [
    `[${entryName(input.name)}]`,
    'Encoding=1',
    'Type=2',
    'AutoLogon=0',
    'UseRasCredentials=1',
    'VpnStrategy=5',
    'ExcludedProtocols=0',
    'LcpExtensions=1',
    'DataEncryption=256',
    'SwCompression=0',
    'PreferredPort=VPN2-0',
    'PreferredDevice=WAN Miniport (SSTP)',
    'PreviewUserPw=1',
    'PreviewDomain=0',
    'ShowDialingProgress=1',
    'AuthRestrictions=512',
    'IpPrioritizeRemote=1',
    'IpAssign=1',
    'IpNameAssign=1',
    'Ipv6Assign=1',
    'Ipv6PrioritizeRemote=1',
    'CacheCredentials=1',
    '',
    'NETCOMPONENTS=',
    'ms_msclient=1',
    'ms_server=1',
    '',
    'MEDIA=rastapi',
    'Port=VPN2-0',
    'Device=WAN Miniport (SSTP)',
    '',
    'DEVICE=vpn',
    `PhoneNumber=${sstpServerAddress(input.host, port)}`,
    'AreaCode=',
    'CountryCode=0',
    'CountryID=0',
    'UseDialingRules=0',
    'Comment=',
    'FriendlyName=',
    'LastSelectedPhone=0',
    'PromoteAlternates=0',
    'TryNextAlternateOnFail=1',
    '',
  ]
  return lines.join('\r\n') + '\r\n'
}

/** Reads the first entry of a phonebook and refuses entries that are not SSTP. */
export function parseSstpPhonebook(text: string): ParseResult<SstpPhonebookEntry> {
  let name: string | undefined
  const values = new Map<string, string>()
  for (const rawLine of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const line = rawLine.trim()
    const header = /^\[(.+)\]$/.exec(line)
    if (header?.[1]) {
      if (name !== undefined) break
      name = header[1]
      continue
    }
    const eq = line.indexOf('=')
    // First occurrence wins: with several DEVICE blocks the first PhoneNumber is the one dialled.
    if (name !== undefined && eq > 0 && !values.has(line.slice(0, eq))) values.set(line.slice(0, eq), line.slice(eq + 1))
  }
  if (name === undefined) return fail('invalid_config')
  const device = values.get('Device') ?? values.get('PreferredDevice') ?? ''
  const strategy = values.get('VpnStrategy')
  // 5 = SSTP only, 6 = SSTP first (MPR_VS_SstpOnly / MPR_VS_SstpFirst).
  if (!device.includes('(SSTP)') && strategy !== '5' && strategy !== '6') return fail('invalid_config')
  const phone = values.get('PhoneNumber')
  if (!phone) return fail('missing_host')

  const hasPort = /^\[.*\]:\d*$/.test(phone) || (!phone.startsWith('[') && /^[^:]*:\d*$/.test(phone))
  const hostport = hasPort ? phone : `${phone.includes(':') && !phone.startsWith('[') ? `[${phone}]` : phone}:${SSTP_DEFAULT_PORT}`
  const address = parseHostPort(hostport)
  if (!address.ok) return address
  return ok({ name, host: address.value.host, port: address.value.port })
}

/** A ']' or line break would end the section header early and corrupt the file. */
function entryName(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f[\]]/g, ' ').replace(/\s+/g, ' ').trim()
  return clean === '' ? 'VPN' : clean
}
