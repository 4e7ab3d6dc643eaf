// What a probe costs (docs/operating/probes.md): `/usr/bin/time -v npx tsx scripts/probeCost.ts [keys]` checks that many vless
// keys (TLS, through Debian's v2ray as the probe does) against a local v2ray server, four at a time, and prints the
// time per key and the keys one core checks in 30 minutes; time's own lines give the memory (the probe's and its
// clients') and the loopback counters the traffic per key.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFileSync } from 'node:fs'

import { findLivenessClient } from '../src/lib/liveness/connect'
import { checkAssignment } from '../src/probe/check'
import { freePort, stopAll } from '../tests/helpers/processes'
import { makeTestPki, TEST_SERVER_NAME } from '../tests/helpers/testPki'
import { startV2rayVless } from '../tests/helpers/v2ray'

const count = Number(process.argv[2] ?? 40)
const CHECK_HOST = 'check.vpnkeys.test'
const ID = '11111111-2222-4333-8444-555555555555'
const loopback = () => Number(readFileSync('/sys/class/net/lo/statistics/tx_bytes', 'utf8'))

const pki = await makeTestPki()
process.env.SSL_CERT_FILE = pki.files.ca
const page = createServer((_request, response) => response.writeHead(204).end())
await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve))
const port = await freePort()
await startV2rayVless({ port, ids: [ID], pki, onlyHere: [CHECK_HOST] })
const client = findLivenessClient('v2ray')
const checkUrl = `http://${CHECK_HOST}:${(page.address() as AddressInfo).port}/generate_204`
const keys = Array.from({ length: count }, (_, index) => ({ key: index + 1, protocol: 'vless', link: `vless://${ID}@127.0.0.1:${port}?encryption=none&security=tls&sni=${TEST_SERVER_NAME}&type=tcp#k${index}`, file: null, connection: null }))
const before = { bytes: loopback(), cpu: process.cpuUsage(), at: performance.now() }
let next = 0
let passed = 0
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (next < keys.length) {
      const result = await checkAssignment(keys[next++]!, { client, checkUrl, timeoutMs: 8000 })
      if (result?.ok) passed += 1
    }
  }),
)
const seconds = (performance.now() - before.at) / 1000
const bytes = loopback() - before.bytes
console.info(`${passed}/${count} keys passed in ${seconds.toFixed(1)} s: ${((seconds / count) * 4).toFixed(2)} s a key, four at a time`)
console.info(`the probe's own CPU: ${((process.cpuUsage(before.cpu).user + process.cpuUsage(before.cpu).system) / 1e6).toFixed(1)} s (v2ray clients: see time's user and system seconds)`)
console.info(`loopback traffic: ${Math.round(bytes / count / 1024)} KB a key (both directions of client and server; a remote server's is about half)`)
stopAll()
page.close()
process.exit(0)
