import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  KEY_PARSE_ERRORS,
  buildOpenVpnProfile,
  buildShadowsocksUri,
  buildSstpPhonebook,
  buildTrojanUri,
  buildVlessUri,
  buildWireguardConfig,
  parseOpenVpnProfile,
  parseShadowsocksUri,
  parseShareLink,
  parseSstpPhonebook,
  parseTrojanUri,
  parseVlessUri,
  parseWireguardConfig,
} from '@/lib/keys'
import type { ParseResult } from '@/lib/keys'
import { IMPORT_MAX_ITEMS, parseImport } from '@/lib/keys/importKeys'

// Every key format's parser, on what an editor's import (or a stranger's file) may hold: any mix of the format's own
// punctuation and noise gives a result or a known refusal, never an exception; and a long input built to make a
// parser backtrack or loop costs time linear in its length (a ratio between two lengths, not an absolute time).

const UUID = 'b831381d-6324-4d53-ad4f-8cda48b30811'
const KEY_A = Buffer.from('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a', 'hex').toString('base64')
const KEY_B = Buffer.from('8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a', 'hex').toString('base64')
const pem = (label: string) => `-----BEGIN ${label}-----\nMIIBfake\n-----END ${label}-----\n`

/** `known`: crafted inputs that once held the process (a run of `unit`, then `tail`, at `at` in the normal input), tried first. */
type Format = { name: string; parse: (input: string) => ParseResult<unknown>; normal: string; pieces: string[]; known?: [unit: string, tail: string, at: number][] }

const URI_PIECES = ['@', ':', '::', '[', ']', '?', '&', '=', '#', '%', '%2', '%25', '%E0%A4', '%00', '/', '//', '.', '-', '_', '+', ' ', '\t',
  'a', '0', '65535', '99999', UUID, 'security=reality', 'type=grpc', 'pbk=', 'sni=', 'ﬀ', '\u0000', 'vless://', 'ss://', 'trojan://']

const FORMATS: Format[] = [
  {
    name: 'vless',
    parse: parseVlessUri,
    normal: buildVlessUri({ uuid: UUID, host: 'de.example.com', port: 443, type: 'tcp', security: 'tls', encryption: 'none', sni: 'de.example.com', name: 'DE' }),
    pieces: URI_PIECES,
  },
  { name: 'trojan', parse: parseTrojanUri, normal: buildTrojanUri({ password: 'secret-pass', host: 'fi.example.com', port: 443, type: 'tcp', security: 'tls', name: 'FI' }), pieces: URI_PIECES },
  {
    name: 'shadowsocks',
    parse: parseShadowsocksUri,
    normal: buildShadowsocksUri({ method: 'chacha20-ietf-poly1305', password: 'pass', host: '1.2.3.4', port: 12345, outline: true }),
    pieces: [...URI_PIECES, 'Y2hhY2hhMjAtaWV0Zi1wb2x5MTMwNTpwYXNz', '==', 'plugin=', ';'],
  },
  {
    name: 'share link (any scheme)',
    parse: parseShareLink,
    normal: buildVlessUri({ uuid: UUID, host: 'nl.example.com', port: 8443, type: 'ws', security: 'tls', encryption: 'none', path: '/ws', name: 'NL' }),
    pieces: URI_PIECES,
  },
  {
    name: 'WireGuard',
    parse: parseWireguardConfig,
    normal: buildWireguardConfig({ privateKey: KEY_A, addresses: ['10.8.0.2/32'], dns: ['1.1.1.1'], peer: { publicKey: KEY_B, endpointHost: 'de.example.com', endpointPort: 51820 } }),
    pieces: ['[Interface]', '[Peer]', '[', ']', '\n', '\r', '\r\n', '#', '=', ' = ', 'PrivateKey', 'Endpoint', 'AllowedIPs', 'Address', ',', ' ', '\t', ':',
      'a', '0', '\uFEFF', KEY_A, 'off'],
    // 65,500 '#' and a '\r': the comment pattern /#.*$/ scanned to the line's end from every '#' (1.8 s).
    known: [['#', '\rx', 0]],
  },
  {
    name: 'OpenVPN',
    parse: parseOpenVpnProfile,
    normal: buildOpenVpnProfile({ host: 'fi.example.com', transport: 'udp', ca: pem('CERTIFICATE'), cert: pem('CERTIFICATE'), key: pem('PRIVATE KEY'), tlsCrypt: pem('OpenVPN Static key V1') }),
    pieces: ['\n', '\r\n', '\r', '<ca>', '</ca>', '<cert>', '<', '>', '</', '/', 'remote', ' ', '\t', 'proto', 'udp', 'tcp-client', 'port', '-----BEGIN', '-----END',
      '-----', 'CERTIFICATE', '#', ';', 'a', '1194', '\uFEFF'],
  },
  {
    name: 'SSTP phonebook',
    parse: parseSstpPhonebook,
    normal: buildSstpPhonebook({ name: 'Office', host: 'office.example.com', port: 8443 }),
    pieces: ['[', ']', '\r\n', '\n', '=', 'PhoneNumber', 'VpnStrategy=5', 'Device=WAN Miniport (SSTP)', ':', '::', ']:', 'a', '0', '443', ' ', ';', '\uFEFF'],
  },
]

const KNOWN_ERRORS = new Set<string>(KEY_PARSE_ERRORS)

function expectResult(result: ParseResult<unknown>): void {
  if (!result.ok) expect(KNOWN_ERRORS, result.error).toContain(result.error)
}

/** Milliseconds one parse takes. */
function timed(parse: () => unknown): number {
  const started = performance.now()
  parse()
  return performance.now() - started
}

/** The fastest of a few runs: the cost of the input itself, without a pause the machine took meanwhile. */
function fastest(parse: () => unknown, runs = 3): number {
  return Math.min(...Array.from({ length: runs }, () => timed(parse)))
}

/**
 * Linear time, measured as growth: the same crafted input at four times the length may cost at most eight times as
 * much (linear is four, quadratic sixteen), plus 100 ms for the garbage collector, which 64,000 small strings wake
 * and 16,000 may not (measured: 23–50 ms against 0.5–3.5 ms, linear all the same). Quadratic work at this length
 * costs seconds (the WireGuard comment pattern: 1.8 s), so the slack hides none. Compared with its own shape, not
 * with a plain input: 64,000 empty lines cost more than one line of 64,000 letters, linearly.
 */
const LONG = 64 * 1024
const GROWTH = 4
const MAX_RATIO = 8
const SLACK_MS = 100

function withinLinear(large: number, small: number, slack = SLACK_MS): boolean {
  return large <= small * MAX_RATIO + slack
}

const motif = (pieces: string[]) => fc.array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...pieces) }, { weight: 1, arbitrary: fc.string({ maxLength: 3 }) }), { minLength: 1, maxLength: 6 })
    .map((parts) => parts.join(''))
    .filter((unit) => unit.length > 0)

describe.each(FORMATS)('$name parser', ({ parse, normal, pieces, known = [] }) => {
  it('reads its own normal output', () => {
    expect(parse(normal).ok).toBe(true)
  })

  it('answers any mix of its punctuation and noise with a result or a known refusal, never an exception', () => {
    fc.assert(
      fc.property(fc.array(motif(pieces), { maxLength: 20 }), fc.nat(), (parts, at) => {
        const noise = parts.join('')
        expectResult(parse(noise))
        // The same noise inside a normal input, where the parser has gone deepest.
        const cut = at % (normal.length + 1)
        expectResult(parse(normal.slice(0, cut) + noise + normal.slice(cut)))
      }),
      { numRuns: 400 },
    )
  })

  it('takes linear time on long crafted inputs: four times the length costs about four times as much', () => {
    // A run of one motif, then another: "many of X, then a Y that makes the match fail" is what backtracking needs.
    fc.assert(
      fc.property(motif(pieces), motif(pieces), fc.nat(), (unit, tail, at) => {
        const cut = at % (normal.length + 1)
        const crafted = (length: number) => normal.slice(0, cut) + unit.repeat(Math.ceil(length / unit.length)).slice(0, length) + tail + normal.slice(cut)
        const large = crafted(LONG)
        let result: ParseResult<unknown> | undefined
        let spent = timed(() => (result = parse(large)))
        expectResult(result!)
        const small = fastest(() => parse(crafted(LONG / GROWTH)))
        // Over the bound once: measured again, so one pause of the machine is not a finding.
        if (!withinLinear(spent, small)) spent = fastest(() => parse(large))
        expect(spent, `${JSON.stringify(unit)} then ${JSON.stringify(tail)} at ${cut}: ${spent.toFixed(1)} ms against ${small.toFixed(2)} ms at a quarter of the length`).toBeLessThanOrEqual(
          small * MAX_RATIO + SLACK_MS,
        )
      }),
      { numRuns: 150, examples: known },
    )
  })
})

describe('the bulk import', () => {
  it('answers the largest text it accepts, of any lines, in at most 501 entries and in linear time', () => {
    const size = 1_000_000
    fc.assert(
      fc.property(fc.array(motif([...URI_PIECES, '\n', '\r\n', '#']), { minLength: 1, maxLength: 4 }), (units) => {
        const unit = units.join('')
        const text = (length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)
        let report: ReturnType<typeof parseImport> | undefined
        let spent = timed(() => (report = parseImport({ text: text(size) })))
        expect(report!.keys.length + report!.rejected.length).toBeLessThanOrEqual(IMPORT_MAX_ITEMS + 1)
        const small = fastest(() => parseImport({ text: text(size / GROWTH) }))
        if (!withinLinear(spent, small, 200)) spent = fastest(() => parseImport({ text: text(size) }))
        expect(spent, `${JSON.stringify(unit)}: ${spent.toFixed(0)} ms against ${small.toFixed(0)} ms at a quarter of the length`).toBeLessThanOrEqual(small * MAX_RATIO + 200)
      }),
      { numRuns: 25 },
    )
  })
})
