// Cost as the data grows: the database filled with copies of the seed's free keys (500, 10,000, 100,000 current
// free keys), the public data revalidated, then the first render of the pages whose readers look at every key's
// country or protocol, timed while a probe asks for a static file every few milliseconds. A reader that loads
// the whole table into Node shows as a first render that grows with the keys and a probe that waits for it.
import pg from 'pg'

import { revalidateToken, REVALIDATE_TOKEN_HEADER } from '../../../src/lib/data/revalidateToken'

import { fixed, heading, table } from './format'
import { HOSTILE_READS, hostileReadsSection } from './hostileReads'
import type { Target } from './targets'
import { verdict } from './targets'

export const SCALES = [500, 10_000, 100_000] as const
export const SCALING_PATHS = ['/', '/de', '/sitemap.xml', '/api/feed/vless'] as const
/** The targets the section reports: first renders per path, then the hostile API reads at the largest scale. */
export const SCALING_TARGETS = [...SCALING_PATHS.map((path) => `scaling ${path}`), ...HOSTILE_READS.map((read) => `hostile read ${read.name}`)]

const COPY_TITLE = 'bench copy'
const MAX_RATIO = 2
const MAX_PROBE_DELAY_MS = 50
const PROBE_EVERY_MS = 5

type Measured = { path: string; firstMs: number; probeMaxMs: number; status: number }

/** Adds or removes copies of the current free keys until there are `target` of them. */
async function setFreeKeys(client: pg.Client, target: number): Promise<number> {
  await client.query('DELETE FROM keys WHERE title = $1', [COPY_TITLE])
  const current = `tier = 'free' AND revoked_at IS NULL AND server_down IS NOT TRUE AND (expires_at IS NULL OR expires_at > now())`
  const originals = Number((await client.query(`SELECT count(*) AS n FROM keys WHERE ${current}`)).rows[0].n)
  const missing = target - originals
  if (missing > 0 && originals > 0) {
    const columns = (await client.query("SELECT column_name FROM information_schema.columns WHERE table_name = 'keys' AND column_name <> 'id' ORDER BY ordinal_position")).rows.map(
      (row: { column_name: string }) => row.column_name,
    )
    const quoted = columns.map((name) => `"${name}"`).join(', ')
    const values = columns.map((name) => (name === 'title' ? `'${COPY_TITLE}'` : `k."${name}"`)).join(', ')
    await client.query(
      `INSERT INTO keys (${quoted}) SELECT ${values} FROM (SELECT * FROM keys WHERE ${current}) k CROSS JOIN generate_series(1, $1::int) LIMIT $2`,
      [Math.ceil(missing / originals), missing],
    )
  }
  await client.query('ANALYZE keys')
  return Number((await client.query(`SELECT count(*) AS n FROM keys WHERE ${current}`)).rows[0].n)
}

/** Times one request while probing a static file; the probe's worst wait is how long the server was held. */
async function firstRender(baseUrl: string, path: string, headers: Record<string, string>): Promise<Measured> {
  let probing = true
  let probeMaxMs = 0
  const probe = (async () => {
    while (probing) {
      const started = performance.now()
      // A refused or dropped probe counts as the longest wait there is.
      const answered = await fetch(new URL('/bench.txt', baseUrl), { headers })
        .then((response) => response.arrayBuffer())
        .then(() => true, () => false)
      probeMaxMs = Math.max(probeMaxMs, answered ? performance.now() - started : Number.POSITIVE_INFINITY)
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS))
    }
  })()
  await new Promise((resolve) => setTimeout(resolve, 50))
  const started = performance.now()
  const response = await fetch(new URL(path, baseUrl), { headers })
  await response.arrayBuffer()
  const firstMs = performance.now() - started
  probing = false
  await probe
  return { path, firstMs, probeMaxMs, status: response.status }
}

/** What a key change does (the rotation, an import): the keys' data and the pages showing them are read again. */
async function revalidate(baseUrl: string, secret: string): Promise<void> {
  const response = await fetch(new URL('/api/internal/revalidate?scope=keys', baseUrl), { method: 'POST', headers: { [REVALIDATE_TOKEN_HEADER]: revalidateToken(secret) } })
  if (response.status !== 204) throw new Error(`revalidation answered ${response.status}`)
}

export async function scalingSection({ baseUrl, databaseUrl, secret, headers }: { baseUrl: string; databaseUrl: string; secret: string; headers: Record<string, string> }): Promise<Target[]> {
  console.info(heading(`Cost as free keys grow: first render after a change (${SCALES.join(', ')} current free keys)`))
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const results = new Map<number, Measured[]>()
  const counts = new Map<number, number>()
  const hostile: Target[] = []
  // Each route once first: its code loaded and compiled, the table then shows only what the data costs.
  for (const path of SCALING_PATHS) await fetch(new URL(path, baseUrl), { headers }).then((response) => response.arrayBuffer())
  try {
    for (const scale of SCALES) {
      counts.set(scale, await setFreeKeys(client, scale))
      const measured: Measured[] = []
      for (const path of SCALING_PATHS) {
        await revalidate(baseUrl, secret)
        measured.push(await firstRender(baseUrl, path, headers))
      }
      results.set(scale, measured)
      if (scale === SCALES[SCALES.length - 1]) hostile.push(...(await hostileReadsSection({ baseUrl, headers, keys: counts.get(scale)! })))
    }
  } finally {
    await client.query('DELETE FROM keys WHERE title = $1', [COPY_TITLE]).catch(() => undefined)
    await client.end()
    await revalidate(baseUrl, secret).catch(() => undefined)
  }
  const base = results.get(SCALES[0])!
  const targets: Target[] = []
  const rows = SCALING_PATHS.map((path, index) => {
    const baseMs = base[index]!.firstMs
    const cells = SCALES.map((scale) => {
      const measured = results.get(scale)![index]!
      return `${fixed(measured.firstMs, 0)} ms (probe ${fixed(measured.probeMaxMs, 0)})${measured.status === 200 ? '' : ` ${measured.status}`}`
    })
    const worst = SCALES.map((scale) => results.get(scale)![index]!)
    // A few milliseconds are noise at the smallest scale: the ratio counts from 20 ms.
    const met = worst.every((measured) => measured.status === 200 && measured.firstMs <= MAX_RATIO * Math.max(baseMs, 20) && measured.probeMaxMs <= MAX_PROBE_DELAY_MS)
    targets.push({ name: `scaling ${path}`, met })
    return [path, ...cells, verdict(met)]
  })
  console.info(table(['URL', ...SCALES.map((scale) => `${counts.get(scale)} keys`), 'result'], rows, ['left', ...SCALES.map(() => 'right' as const), 'left']))
  console.info(`Targets: each first render within ${MAX_RATIO}× of the ${SCALES[0]}-key one; a static file requested meanwhile waits ≤ ${MAX_PROBE_DELAY_MS} ms (probe)`)
  return [...targets, ...hostile]
}
