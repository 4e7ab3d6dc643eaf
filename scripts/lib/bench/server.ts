// The production server for the bench: built if needed, started on a throwaway database, always stopped.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'

import { freePort } from '../ports'
import { startEmbeddedPostgres } from '../postgres'
import { waitUntilReady } from '../waitForServer'
import { onCleanup } from './cleanup'

export type BenchServer = {
  baseUrl: string
  /** The throwaway database the server uses: the bench fills it for the scaling table. */
  databaseUrl: string
  /** The server's PAYLOAD_SECRET, which signs the internal revalidation request. */
  secret: string
  /** The last lines the server printed, for when something goes wrong. */
  output: () => string
  stop: () => Promise<void>
}

const STOP_TIMEOUT_MS = 30_000
const OUTPUT_LIMIT = 64 * 1024

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

/** `next start` needs a build; building is slow, so only when there is none. */
export async function ensureBuild(root: string): Promise<void> {
  if (existsSync(path.join(root, '.next', 'BUILD_ID'))) return
  console.info('No production build (.next/BUILD_ID missing): running `npm run build` first…')
  const build = spawn('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: process.env })
  const code = await new Promise<number>((resolve) => build.once('exit', (status) => resolve(status ?? 1)))
  if (code !== 0) throw new Error(`npm run build failed with exit code ${code}`)
}

/** Keeps only the tail of the output: a long-running server would otherwise grow without bound. */
function captureOutput(child: ChildProcess): () => string {
  let buffer = ''
  const append = (chunk: Buffer) => {
    buffer = (buffer + chunk.toString('utf8')).slice(-OUTPUT_LIMIT)
  }
  child.stdout?.on('data', append)
  child.stderr?.on('data', append)
  return () => buffer
}

function stopper(child: ChildProcess): () => Promise<void> {
  let stopping: Promise<void> | undefined
  const stop = async () => {
    if (exited(child)) return
    // SIGTERM lets scripts/run.ts stop `next start` and its embedded PostgreSQL in order.
    child.kill('SIGTERM')
    if (await waitForExit(child, STOP_TIMEOUT_MS)) return
    console.warn(`The server did not stop within ${STOP_TIMEOUT_MS / 1000} s; killing it (PostgreSQL may be left running).`)
    child.kill('SIGKILL')
    await waitForExit(child, 5_000)
  }
  return () => (stopping ??= stop())
}

/** A server that stops uncleanly may have left PostgreSQL behind: worth saying, with what it printed. */
function reportUncleanExit(child: ChildProcess, output: () => string): void {
  if (child.exitCode === 0) return
  console.warn(`The server exited with ${String(child.exitCode ?? child.signalCode)}. Its last output:\n${output().slice(-4000)}`)
}

export async function startServer(root: string): Promise<BenchServer> {
  const dataDir = path.join(root, '.test', 'bench-data')
  await rm(dataDir, { recursive: true, force: true })
  // The bench's own throwaway PostgreSQL, started here so the bench can reach it too.
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), database: 'vpnkeys', quiet: true })
  onCleanup(() => postgres.stop())
  const secret = randomBytes(24).toString('hex')
  const port = await freePort()
  const baseUrl = `http://localhost:${port}`
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/run.ts', 'start'], {
    cwd: root,
    // Own process group: Ctrl-C reaches only the bench, which then stops the server exactly once.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      LOCAL_PREVIEW: 'true',
      DATA_DIR: dataDir,
      PORT: String(port),
      NEXT_TELEMETRY_DISABLED: '1',
      // Always the throwaway database: .env files cannot point the bench at a real one.
      DATABASE_URL: postgres.url,
      PAYLOAD_SECRET: secret,
      // Canonical and hreflang links must name the host the bench requests, or Lighthouse's SEO audits would differ.
      SERVER_URL: baseUrl,
      // Measured as the production host (indexable pages); no free-keys host, so nobody is redirected.
      PRODUCTION_HOST: `localhost:${port}`,
      FREE_KEYS_HOST: '',
    },
  })
  const output = captureOutput(child)
  const stopChild = stopper(child)
  let stopped: Promise<void> | undefined
  const stop = () => (stopped ??= stopChild().then(() => reportUncleanExit(child, output)))
  onCleanup(stop)
  console.info(`Starting the production server on port ${port} (data in .test/bench-data)…`)
  const started = Date.now()
  try {
    await waitUntilReady(child, `${baseUrl}/`)
  } catch (error) {
    console.error(`\nServer output:\n${output()}`)
    throw error
  }
  console.info(`Server ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
  return { baseUrl, databaseUrl: postgres.url, secret, output, stop }
}
