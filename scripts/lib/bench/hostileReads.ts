// What a stranger's worst reads of Payload's API cost at the largest scale: each request once, from an address of
// its own (so the per-address limit does not answer it), timed while a probe asks for a static file. Each must
// answer within MAX_MS or be refused, and the probe must not wait for it.
import { fixed, heading, table } from './format'
import type { Target } from './targets'
import { verdict } from './targets'

const MAX_MS = 100
const MAX_PROBE_DELAY_MS = 50
const PROBE_EVERY_MS = 5

const ALIASES = Array.from({ length: 40 }, (_, index) => `k${index}: Keys(limit: 100000) { docs { keyString server { name } country { name } } }`).join(' ')

/** The requests, as an attacker would send them: everything at once, sorts and filters no index serves. */
export const HOSTILE_READS: readonly { name: string; path: string; graphql?: string }[] = [
  { name: 'REST every key, depth 2', path: '/api/keys?pagination=false&depth=2&limit=100000' },
  { name: 'REST sorted by the key text', path: '/api/keys?limit=100000&depth=1&sort=-keyString' },
  { name: 'REST filtered by a text that matches nothing', path: '/api/keys?limit=100000&where[keyString][like]=no-such-key-text' },
  { name: 'REST count of every key', path: '/api/keys/count' },
  { name: 'REST keys of one server name', path: '/api/keys?limit=100&where[server.name][like]=bench&sort=-createdAt' },
  { name: 'REST every country, sorted by name', path: '/api/countries?pagination=false&limit=100000&sort=-name' },
  { name: 'REST every server, depth 2', path: '/api/servers?pagination=false&limit=100000&depth=2' },
  { name: 'GraphQL 40 aliases of every key', path: '/api/graphql', graphql: `{ ${ALIASES} }` },
  { name: 'GraphQL every key, sorted by text', path: '/api/graphql', graphql: '{ Keys(limit: 100000, sort: "-keyString") { docs { keyString server { name } country { name } } } }' },
]

type Measured = { name: string; ms: number; probeMaxMs: number; status: number; documents: number | null }

let address = 0

async function timed(baseUrl: string, read: (typeof HOSTILE_READS)[number], headers: Record<string, string>): Promise<Measured> {
  address += 1
  const from = { ...headers, 'x-forwarded-for': `198.18.${Math.floor(address / 250)}.${address % 250}` }
  let probing = true
  let probeMaxMs = 0
  const probe = (async () => {
    while (probing) {
      const started = performance.now()
      const answered = await fetch(new URL('/bench.txt', baseUrl), { headers }).then((response) => response.arrayBuffer()).then(() => true, () => false)
      probeMaxMs = Math.max(probeMaxMs, answered ? performance.now() - started : Number.POSITIVE_INFINITY)
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS))
    }
  })()
  await new Promise((resolve) => setTimeout(resolve, 50))
  const started = performance.now()
  const response = read.graphql
    ? await fetch(new URL(read.path, baseUrl), { method: 'POST', headers: { ...from, 'content-type': 'application/json' }, body: JSON.stringify({ query: read.graphql }) })
    : await fetch(new URL(read.path, baseUrl), { headers: from })
  const body = (await response.json().catch(() => null)) as { docs?: unknown[]; data?: Record<string, { docs?: unknown[] } | null> | null; errors?: unknown[] } | null
  const ms = performance.now() - started
  probing = false
  await probe
  const graphqlDocs = body?.data ? Object.values(body.data).reduce((sum, value) => sum + (value?.docs?.length ?? 0), 0) : null
  // GraphQL answers a refusal with errors and no data for the field (HTTP 200 or 400).
  const graphqlRefused = read.graphql !== undefined && (body?.errors?.length ?? 0) > 0 && Object.values(body?.data ?? {}).every((value) => value === null)
  const refused = response.status >= 400 || graphqlRefused
  return { name: read.name, ms, probeMaxMs, status: refused ? Math.max(response.status, 400) : response.status, documents: body?.docs?.length ?? graphqlDocs }
}

export async function hostileReadsSection({ baseUrl, headers, keys }: { baseUrl: string; headers: Record<string, string>; keys: number }): Promise<Target[]> {
  console.info(heading(`A stranger's worst API reads at ${keys} current free keys (anonymous, each from its own address)`))
  // Each request once first, from an address of its own: its code loaded and compiled (and Payload's GraphQL schema
  // built, once per process), so the times show what the data costs, as in the first renders above.
  for (const read of HOSTILE_READS) await timed(baseUrl, read, headers)
  const measured: Measured[] = []
  for (const read of HOSTILE_READS) measured.push(await timed(baseUrl, read, headers))
  const targets = measured.map((result) => ({
    name: `hostile read ${result.name}`,
    met: (result.status >= 400 || result.ms <= MAX_MS) && result.probeMaxMs <= MAX_PROBE_DELAY_MS,
  }))
  const rows = measured.map((result, index) => [
    result.name,
    result.status >= 400 ? `refused (${result.status})` : `${result.documents ?? '?'} documents`,
    `${fixed(result.ms, 0)} ms`,
    `${fixed(result.probeMaxMs, 0)} ms`,
    verdict(targets[index]!.met),
  ])
  console.info(table(['request', 'answer', 'time', 'probe', 'result'], rows, ['left', 'left', 'right', 'right', 'left']))
  console.info(`Targets: each answered within ${MAX_MS} ms or refused; a static file requested meanwhile waits ≤ ${MAX_PROBE_DELAY_MS} ms (probe)`)
  return targets
}
