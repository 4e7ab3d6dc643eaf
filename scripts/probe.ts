// A probe (docs/operating/probes.md): run inside a network the site's visitors use, it asks the site which keys to check,
// checks each as an app would (src/probe/check.ts) and reports, round after round. It needs the site's address and
// the token an admin issued, and Xray or V2Ray on the machine (WireGuard and OpenVPN keys need neither); no database, no Payload.
//
//   npm run probe -- --site https://vpnkeys.example --token vkp_…        (or PROBE_SITE, PROBE_TOKEN)
//   node vpnkeys-probe.mjs --site … --token …                            (the same, as one file: npm run build:probe)
//   --once            one round, then exit (a cron job's way): 1 when the round failed
//   --every 60        seconds between rounds (default 60)
//   --concurrency 4   keys checked at once
//   --client xray     the client command (default: xray, else v2ray)
//   --check-url URL   the page fetched through each key (default: the site's, LIVENESS_CHECK_URL)
import { parseArgs } from 'node:util'

import { findLivenessClient } from '../src/lib/liveness/connect'
import { CHECKED_PROTOCOLS, checkAssignment } from '../src/probe/check'
import type { ProbeAssignment, ProbeResult } from '../src/probe/check'

const { values } = parseArgs({
  options: {
    site: { type: 'string', default: process.env.PROBE_SITE },
    token: { type: 'string', default: process.env.PROBE_TOKEN },
    once: { type: 'boolean', default: false },
    every: { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '4' },
    client: { type: 'string', default: process.env.PROBE_CLIENT },
    timeout: { type: 'string', default: '8000' },
    'check-url': { type: 'string' },
  },
})

function fail(line: string): never {
  console.error(`probe: ${line}`)
  process.exit(2)
}

const site = values.site?.replace(/\/+$/, '')
if (!site || !/^https?:\/\/[^/\s]+$/.test(site)) fail('--site must be the site’s address, e.g. --site https://vpnkeys.example')
if (!values.token) fail('--token is missing: an admin issues it in the admin, System → Network probes')
const every = Number(values.every)
const concurrency = Number(values.concurrency)
const timeoutMs = Number(values.timeout)
if (!(every >= 5 && every <= 3600)) fail('--every must be between 5 and 3600 seconds')
if (!(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 32)) fail('--concurrency must be a whole number from 1 to 32')
if (!(timeoutMs >= 1000 && timeoutMs <= 60_000)) fail('--timeout must be between 1000 and 60000 milliseconds')
const checkUrlOverride = values['check-url']
if (checkUrlOverride !== undefined && !/^http:\/\/[^/\s]+(\/\S*)?$/.test(checkUrlOverride)) fail('--check-url must be an http:// address (it is fetched through the client’s HTTP proxy)')
const client = findLivenessClient(values.client)
if (!client) console.warn('probe: neither xray nor v2ray is installed (Debian: apt-get install v2ray): only WireGuard and OpenVPN keys are checked')

const headers = { authorization: `Bearer ${values.token}`, 'content-type': 'application/json', 'user-agent': 'vpnkeys-probe/1' }

async function call<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${site}${path}`, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30_000), redirect: 'error' })
  if (response.status === 401) fail('the site does not know this token (revoked, or a newer one was issued)')
  if (!response.ok) throw new Error(`${path} answered ${response.status}`)
  return (await response.json()) as T
}

type Round = { probe: { name: string; network: string }; checkUrl: string; keys: ProbeAssignment[] }

async function round(): Promise<{ checked: number; accepted: number }> {
  const protocols = client ? CHECKED_PROTOCOLS : CHECKED_PROTOCOLS.filter((protocol) => protocol === 'wireguard' || protocol === 'openvpn' || protocol === 'sstp')
  const { keys, checkUrl } = await call<Round>(`/api/probe/assignments?protocols=${protocols.join(',')}`)
  const results: ProbeResult[] = []
  let next = 0
  const worker = async () => {
    while (next < keys.length) {
      const assignment = keys[next]!
      next += 1
      const result = await checkAssignment(assignment, { client, checkUrl: checkUrlOverride ?? checkUrl, timeoutMs })
      if (result) results.push(result)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, worker))
  if (results.length === 0) return { checked: 0, accepted: 0 }
  const { accepted } = await call<{ accepted: number }>('/api/probe/reports', { results })
  return { checked: results.length, accepted }
}

let stopping = false
process.on('SIGTERM', () => (stopping = true))
process.on('SIGINT', () => (stopping = true))

for (;;) {
  const started = Date.now()
  try {
    const { checked, accepted } = await round()
    console.info(`probe: ${checked} keys checked, ${accepted} taken by the site`)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    if (values.once) {
      // A cron job's round: its failure is the exit code.
      console.error(`probe: the round failed (${reason})`)
      process.exitCode = 1
    } else console.warn(`probe: this round failed (${reason}); trying again next round`)
  }
  if (values.once || stopping) break
  await new Promise((resolve) => setTimeout(resolve, Math.max(1_000, every * 1000 - (Date.now() - started))))
  if (stopping) break
}
