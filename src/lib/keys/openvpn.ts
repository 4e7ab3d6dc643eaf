// Client .ovpn profiles with inline certificates, so one downloaded file is all a user has to import.
import { KeyFormatError, fail, ok } from './result'
import type { ParseResult } from './types'
import { assertHostPort, hostProblem, isValidPort } from './uri'

export type OpenVpnTransport = 'udp' | 'tcp'

export const OPENVPN_DEFAULT_PORT = 1194

export interface OpenVpnProfileInput {
  host: string
  /** Defaults to 1194, the IANA port for OpenVPN. */
  port?: number
  transport: OpenVpnTransport
  /** PEM blocks, inlined as <ca>, <cert>, <key>, <tls-crypt>. */
  ca: string
  cert?: string
  key?: string
  tlsCrypt?: string
  /** Server checks a login/password too (or instead of a client certificate). */
  authUserPass?: boolean
}

export interface OpenVpnProfileInfo {
  host: string
  port: number
  transport: OpenVpnTransport
  authUserPass: boolean
  hasCa: boolean
  hasCert: boolean
  hasKey: boolean
  hasTlsCrypt: boolean
}

const BLOCKS = [
  ['ca', 'ca'],
  ['cert', 'cert'],
  ['key', 'key'],
  ['tls-crypt', 'tlsCrypt'],
] as const

export function buildOpenVpnProfile(input: OpenVpnProfileInput): string {
  const port = input.port ?? OPENVPN_DEFAULT_PORT
  assertHostPort(input.host, port)
  if (input.transport !== 'udp' && input.transport !== 'tcp') throw new KeyFormatError('unsupported_transport', String(input.transport))
  if ((input.cert === undefined) !== (input.key === undefined)) throw new KeyFormatError('missing_field', 'cert and key go together')
  // Without a client certificate the server can only identify the user by login and password.
  if (input.cert === undefined && !input.authUserPass) throw new KeyFormatError('missing_credentials')

  const lines = [
    'client',
    'dev tun',
    // `client` turns "tcp" into "tcp-client" anyway; spelling it out keeps the profile valid if that line is edited away.
    input.transport === 'udp' ? 'proto udp' : 'proto tcp-client',
    `remote ${input.host} ${port}`,
    'resolv-retry infinite',
    'nobind',
    'persist-key',
    'persist-tun',
    'remote-cert-tls server',
    // data-ciphers (2.5+) negotiates GCM; the CBC fallback keeps older servers without negotiation
    // working. No legacy `cipher` line: 2.4 clients reject data-ciphers anyway, and 2.6 deprecates it.
    'data-ciphers AES-256-GCM:AES-256-CBC',
    'data-ciphers-fallback AES-256-CBC',
    'auth SHA256',
  ]
  if (input.authUserPass) lines.push('auth-user-pass')
  // Tells the server at once that we left, freeing the session; only meaningful over UDP.
  if (input.transport === 'udp') lines.push('explicit-exit-notify')
  lines.push('verb 3')
  for (const [tag, field] of BLOCKS) {
    const pem = input[field]
    if (pem !== undefined) lines.push(`<${tag}>`, inlineBlock(tag, pem), `</${tag}>`)
  }
  return `${lines.join('\n')}\n`
}

function inlineBlock(tag: string, pem: string): string {
  const body = pem.trim()
  if (!body.includes('-----BEGIN ') || body.includes(`</${tag}>`)) throw new KeyFormatError('invalid_config', `<${tag}> is not a PEM block`)
  return body
}

/** Reads back what the site shows next to the file: where it connects and what it carries. */
export function parseOpenVpnProfile(text: string): ParseResult<OpenVpnProfileInfo> {
  const blocks = new Set<string>()
  let openBlock: string | null = null
  let remote: string[] | undefined
  let proto: string | undefined
  let portDirective: string | undefined
  let authUserPass = false

  for (const rawLine of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const line = rawLine.trim()
    if (openBlock !== null) {
      if (line === `</${openBlock}>`) {
        blocks.add(openBlock)
        openBlock = null
      }
      continue
    }
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue
    const tag = /^<([\w-]+)>$/.exec(line)
    if (tag?.[1]) {
      openBlock = tag[1]
      continue
    }
    const [directive, ...args] = line.split(/\s+/)
    // The first remote wins: OpenVPN tries them in order and that is the one we display.
    if (directive === 'remote' && remote === undefined) remote = args
    else if (directive === 'proto') proto = args[0]
    else if (directive === 'port') portDirective = args[0]
    else if (directive === 'auth-user-pass') authUserPass = true
  }
  if (openBlock !== null) return fail('invalid_config')

  const host = remote?.[0]
  if (host === undefined) return fail('missing_field')
  const hostError = hostProblem(host)
  if (hostError) return fail(hostError)
  const portText = remote?.[1] ?? portDirective ?? String(OPENVPN_DEFAULT_PORT)
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN
  if (!isValidPort(port)) return fail('invalid_port')
  // A proto on the remote line overrides the global one; OpenVPN's own default is UDP.
  const protoName = (remote?.[2] ?? proto ?? 'udp').toLowerCase()
  const transport = transportOf(protoName)
  if (transport === null) return fail('unsupported_transport')

  return ok({
    host,
    port,
    transport,
    authUserPass,
    hasCa: blocks.has('ca'),
    hasCert: blocks.has('cert'),
    hasKey: blocks.has('key'),
    hasTlsCrypt: blocks.has('tls-crypt'),
  })
}

function transportOf(proto: string): OpenVpnTransport | null {
  if (/^udp[46]?$/.test(proto)) return 'udp'
  if (/^tcp[46]?(?:-client)?$/.test(proto)) return 'tcp'
  return null
}
