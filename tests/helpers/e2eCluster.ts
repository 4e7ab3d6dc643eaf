// The production shape in the end-to-end tests: two app instances (production build) on one PostgreSQL and one
// Redis (Debian's redis-server), behind Debian's nginx balancing them (E2E_CLUSTER_PORT), mail to a test SMTP
// server. The instances' own addresses (and the database's) are written to .test/cluster.json, so a test can ask
// each one directly.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { freePort } from '../../scripts/lib/ports'
import { startEmbeddedPostgres } from '../../scripts/lib/postgres'
import { waitUntilReady } from '../../scripts/lib/waitForServer'

import { startNginx } from './nginx'
import { CLUSTER_METRICS_TOKEN } from './testHosts'
import { startSmtp } from './smtp'

const root = path.resolve(import.meta.dirname, '../..')
const dir = path.join(root, '.test', 'cluster')

export const CLUSTER_FILE = path.join(root, '.test', 'cluster.json')

async function main(): Promise<void> {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const redisPort = await freePort()
  const redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' })
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(dir, 'postgres'), database: 'vpnkeys', quiet: true })
  // Filed with the other end-to-end mail (tests/e2e/mail.ts reads it).
  const mailDir = path.join(root, '.test', 'mail')
  mkdirSync(mailDir, { recursive: true })
  let count = 0
  const smtp = await startSmtp((mail) => {
    count += 1
    writeFileSync(path.join(mailDir, `cluster-${String(count).padStart(4, '0')}.json`), JSON.stringify(mail))
  })
  const shared = {
    ...process.env,
    DATABASE_URL: postgres.url,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    PAYLOAD_SECRET: randomBytes(24).toString('hex'),
    SMTP_URL: smtp.url,
    METRICS_TOKEN: CLUSTER_METRICS_TOKEN,
  }
  const instances: { child: ChildProcess; url: string }[] = []
  // One after the other: the first applies the migrations and the demo seed, the second finds them done.
  for (const name of ['a', 'b']) {
    const port = await freePort()
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/run.ts', 'start'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...shared, PORT: String(port), DATA_DIR: path.join(dir, name) },
    })
    const url = `http://127.0.0.1:${port}`
    instances.push({ child, url })
    await waitUntilReady(child, `${url}/bench.txt`)
  }
  writeFileSync(CLUSTER_FILE, JSON.stringify({ instances: instances.map((instance) => instance.url), databaseUrl: postgres.url }))
  const nginx = await startNginx({
    dir: path.join(dir, 'nginx'),
    listenPort: Number(process.env.E2E_CLUSTER_PORT),
    upstreams: instances.map((instance) => instance.url.replace('http://', '')),
  })
  let stopping = false
  const stop = async (code: number) => {
    if (stopping) return
    stopping = true
    for (const { child } of instances) child.kill('SIGTERM')
    await Promise.all(instances.map(({ child }) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null)))
    redis.kill('SIGTERM')
    await Promise.all([nginx.close(), smtp.close(), postgres.stop()])
    process.exit(code)
  }
  process.on('SIGINT', () => void stop(0))
  process.on('SIGTERM', () => void stop(0))
  for (const { child } of instances) child.once('exit', (code) => void stop(code ?? 1))
}

void main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
