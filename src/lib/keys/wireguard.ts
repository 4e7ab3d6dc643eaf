// WireGuard keys and wg-quick client configs: what the official WireGuard apps import from a .conf file.
import { Buffer } from 'node:buffer'
import { randomBytes } from 'node:crypto'

import { isWireguardKey, toBase64 } from './encoding'
import { KeyFormatError, fail, ok } from './result'
import type { ParseResult } from './types'
import { assertHostPort, formatHostPort, parseHostPort } from './uri'
import { generateX25519, x25519PublicFromPrivate } from './x25519'

export interface WireguardKeyPair {
  privateKey: string
  publicKey: string
}

export interface WireguardPeer {
  publicKey: string
  presharedKey?: string
  allowedIps: string[]
  endpointHost: string
  endpointPort: number
  /** Seconds; keeps NAT mappings alive so the server can reach a phone behind carrier NAT. */
  persistentKeepalive?: number
}

export interface WireguardConfig {
  privateKey: string
  addresses: string[]
  dns: string[]
  mtu?: number
  peer: WireguardPeer
}

/** Build input: the usual client values are defaulted so callers only pass what differs per key. */
export interface WireguardConfigInput {
  privateKey: string
  addresses: string[]
  dns?: string[]
  mtu?: number
  peer: Omit<WireguardPeer, 'allowedIps' | 'persistentKeepalive'> & {
    /** Defaults to full tunnel: `0.0.0.0/0, ::/0`. */
    allowedIps?: string[]
    /** Defaults to 25 (the wg(8) recommendation for NAT); 0 omits the line. */
    persistentKeepalive?: number
  }
}

export const WIREGUARD_FULL_TUNNEL = ['0.0.0.0/0', '::/0'] as const
export const WIREGUARD_DEFAULT_KEEPALIVE = 25

export function generateWireguardKeyPair(): WireguardKeyPair {
  const pair = generateX25519()
  return { privateKey: toBase64(pair.privateKey), publicKey: toBase64(pair.publicKey) }
}

/** Same result as `wg pubkey`; throws on anything `wg` itself would refuse. */
export function wireguardPublicKey(privateKey: string): string {
  if (!isWireguardKey(privateKey)) throw new KeyFormatError('invalid_key', 'private key')
  return toBase64(x25519PublicFromPrivate(Buffer.from(privateKey, 'base64')))
}

/** Same shape as `wg genpsk`: 32 random bytes, unrelated to any key pair. */
export function generatePresharedKey(): string {
  return toBase64(randomBytes(32))
}

export function buildWireguardConfig(input: WireguardConfigInput): string {
  const { peer } = input
  for (const key of [input.privateKey, peer.publicKey, peer.presharedKey]) {
    if (key !== undefined && !isWireguardKey(key)) throw new KeyFormatError('invalid_key')
  }
  if (input.addresses.length === 0) throw new KeyFormatError('missing_field', 'Address')
  assertHostPort(peer.endpointHost, peer.endpointPort)
  const keepalive = peer.persistentKeepalive ?? WIREGUARD_DEFAULT_KEEPALIVE
  if (!Number.isInteger(keepalive) || keepalive < 0 || keepalive > 65535) throw new KeyFormatError('invalid_config', 'PersistentKeepalive')
  if (input.mtu !== undefined && (!Number.isInteger(input.mtu) || input.mtu < 576 || input.mtu > 65535)) {
    throw new KeyFormatError('invalid_config', 'MTU')
  }

  const lines = ['[Interface]', `PrivateKey = ${input.privateKey}`, `Address = ${input.addresses.join(', ')}`]
  if (input.dns && input.dns.length > 0) lines.push(`DNS = ${input.dns.join(', ')}`)
  if (input.mtu !== undefined) lines.push(`MTU = ${input.mtu}`)
  lines.push('', '[Peer]', `PublicKey = ${peer.publicKey}`)
  if (peer.presharedKey !== undefined) lines.push(`PresharedKey = ${peer.presharedKey}`)
  lines.push(`AllowedIPs = ${(peer.allowedIps ?? WIREGUARD_FULL_TUNNEL).join(', ')}`)
  lines.push(`Endpoint = ${formatHostPort(peer.endpointHost, peer.endpointPort)}`)
  if (keepalive > 0) lines.push(`PersistentKeepalive = ${keepalive}`)
  return `${lines.join('\n')}\n`
}

/**
 * Reads a client config back. Keys are case-insensitive and '#' starts a comment anywhere on a
 * line, as in wg(8); hooks like PostUp are ignored. Exactly one [Peer] is required because a
 * client profile for one server never has more.
 */
export function parseWireguardConfig(text: string): ParseResult<WireguardConfig> {
  const sections: Array<{ name: string; values: Map<string, string[]> }> = []
  for (const rawLine of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    // Cut at the first '#' by position: the pattern /#.*$/ scanned to the end from every '#' (a line of 65,000 of
    // them and a '\r' took 1.8 s).
    const comment = rawLine.indexOf('#')
    const line = (comment === -1 ? rawLine : rawLine.slice(0, comment)).trim()
    if (line === '') continue
    const header = /^\[(\w+)\]$/.exec(line)
    if (header?.[1]) {
      sections.push({ name: header[1].toLowerCase(), values: new Map() })
      continue
    }
    const current = sections[sections.length - 1]
    const eq = line.indexOf('=')
    if (!current || eq <= 0) return fail('invalid_config')
    const key = line.slice(0, eq).trim().toLowerCase()
    const list = current.values.get(key) ?? []
    list.push(line.slice(eq + 1).trim())
    current.values.set(key, list)
  }
  const interfaces = sections.filter((section) => section.name === 'interface')
  const peers = sections.filter((section) => section.name === 'peer')
  const iface = interfaces[0]?.values
  const peerValues = peers[0]?.values
  if (!iface || !peerValues || interfaces.length > 1 || peers.length > 1) return fail('invalid_config')

  const single = (values: Map<string, string[]>, key: string): string | undefined => values.get(key)?.at(-1)
  // wg-quick accepts repeated Address/DNS/AllowedIPs lines as well as comma lists.
  const list = (values: Map<string, string[]>, key: string): string[] =>
    (values.get(key) ?? []).flatMap((value) => value.split(',')).map((item) => item.trim()).filter(Boolean)

  const privateKey = single(iface, 'privatekey')
  const publicKey = single(peerValues, 'publickey')
  const endpoint = single(peerValues, 'endpoint')
  const addresses = list(iface, 'address')
  if (!privateKey || !publicKey || !endpoint || addresses.length === 0) return fail('missing_field')
  const presharedKey = single(peerValues, 'presharedkey')
  for (const key of [privateKey, publicKey, presharedKey]) {
    if (key !== undefined && !isWireguardKey(key)) return fail('invalid_key')
  }
  const address = parseHostPort(endpoint)
  if (!address.ok) return address

  const peer: WireguardPeer = {
    publicKey,
    allowedIps: list(peerValues, 'allowedips'),
    endpointHost: address.value.host,
    endpointPort: address.value.port,
  }
  if (presharedKey !== undefined) peer.presharedKey = presharedKey
  const keepalive = numberField(single(peerValues, 'persistentkeepalive'), true)
  if (keepalive === 'invalid') return fail('invalid_config')
  if (keepalive !== undefined && keepalive > 0) peer.persistentKeepalive = keepalive

  const config: WireguardConfig = { privateKey, addresses, dns: list(iface, 'dns'), peer }
  const mtu = numberField(single(iface, 'mtu'))
  if (mtu === 'invalid') return fail('invalid_config')
  if (mtu !== undefined) config.mtu = mtu
  return ok(config)
}

function numberField(value: string | undefined, allowOff = false): number | undefined | 'invalid' {
  if (value === undefined) return undefined
  // wg(8) spells a disabled keepalive "off".
  if (allowOff && value.toLowerCase() === 'off') return 0
  return /^\d{1,5}$/.test(value) ? Number(value) : 'invalid'
}
