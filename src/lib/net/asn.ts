// Which autonomous system (a network operator: МТС is AS8359) an address belongs to, from the offline IP-to-ASN
// database shipped as the npm package @ip-location-db/asn (Route Views and DB-IP's IP to ASN Lite, CC BY 4.0: the
// page that shows a result links both). Updated with the package (`npm update @ip-location-db/asn`). Only the systems
// asked for are kept: the site wants to know whether a visitor is on a network its probes check, not every operator
// of the world, so a table of a few thousand ranges is read once from the 33 MB of CSV and searched by halves.
import { createReadStream } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { isIP } from 'node:net'

type Ranges = { starts: bigint[]; ends: bigint[]; asns: number[] }
export type AsnTable = { v4: Ranges; v6: Ranges }

/** The package's folder, or `ASN_DATA_DIR` (tests: a small file of documentation ranges in the same format). */
export function asnDataDir(): string {
  const configured = process.env.ASN_DATA_DIR
  if (configured) return configured
  return path.dirname(createRequire(import.meta.url).resolve('@ip-location-db/asn/package.json'))
}

/** Reads `start,end,asn,org` lines (addresses as numbers) of the wanted systems, sorted by start. */
async function readRanges(file: string, wanted: ReadonlySet<number>): Promise<Ranges> {
  const rows: { start: bigint; end: bigint; asn: number }[] = []
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity })
  for await (const line of lines) {
    const first = line.indexOf(',')
    const second = line.indexOf(',', first + 1)
    const third = line.indexOf(',', second + 1)
    if (first < 1 || second < 0) continue
    const asn = Number(line.slice(second + 1, third < 0 ? undefined : third))
    if (!wanted.has(asn)) continue
    rows.push({ start: BigInt(line.slice(0, first)), end: BigInt(line.slice(first + 1, second)), asn })
  }
  rows.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
  return { starts: rows.map((row) => row.start), ends: rows.map((row) => row.end), asns: rows.map((row) => row.asn) }
}

export async function loadAsnTable(wanted: ReadonlySet<number>, dir: string = asnDataDir()): Promise<AsnTable> {
  if (wanted.size === 0) return { v4: { starts: [], ends: [], asns: [] }, v6: { starts: [], ends: [], asns: [] } }
  const [v4, v6] = await Promise.all([readRanges(path.join(dir, 'asn-ipv4-num.csv'), wanted), readRanges(path.join(dir, 'asn-ipv6-num.csv'), wanted)])
  return { v4, v6 }
}

/** An address as the database numbers it; null for anything that is not one. */
export function addressNumber(address: string): { family: 4 | 6; value: bigint } | null {
  const bare = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address
  const family = isIP(bare)
  if (family === 4) return { family: 4, value: bare.split('.').reduce((total, part) => total * 256n + BigInt(Number(part)), 0n) }
  if (family !== 6) return null
  const [head = '', tail = ''] = bare.split('::')
  const groups = (part: string) => (part === '' ? [] : part.split(':'))
  const left = groups(head)
  const right = groups(tail)
  // An embedded IPv4 tail (::1.2.3.4) is two groups.
  const expand = (list: string[]) =>
    list.flatMap((group) => {
      if (!group.includes('.')) return [group]
      const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number]
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)]
    })
  const l = expand(left)
  const r = expand(right)
  const all = bare.includes('::') ? [...l, ...Array<string>(8 - l.length - r.length).fill('0'), ...r] : l
  return { family: 6, value: all.reduce((total, group) => total * 65536n + BigInt(parseInt(group || '0', 16)), 0n) }
}

/** The system `address` belongs to, among those the table kept; null otherwise. */
export function asnOf(table: AsnTable, address: string): number | null {
  const parsed = addressNumber(address)
  if (!parsed) return null
  const ranges = parsed.family === 4 ? table.v4 : table.v6
  let low = 0
  let high = ranges.starts.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (ranges.starts[middle]! <= parsed.value) low = middle + 1
    else high = middle - 1
  }
  return high >= 0 && parsed.value <= ranges.ends[high]! ? ranges.asns[high]! : null
}
