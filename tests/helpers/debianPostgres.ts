// Debian's PostgreSQL server (the postgresql package a VPS without Docker runs), in a throwaway data directory on a free
// loopback port: the version its pg_dump and pg_restore match, for the backup and restore drill.
import { execFile, execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { Client } from 'pg'

import { freePort } from './processes'

/** The server of the same major version as Debian's pg_dump (bookworm: 15). */
function serverBin(): string | null {
  try {
    const major = /PostgreSQL\) (\d+)/.exec(execFileSync('pg_dump', ['--version'], { encoding: 'utf8' }))?.[1]
    const bin = `/usr/lib/postgresql/${major}/bin`
    return major && existsSync(path.join(bin, 'postgres')) ? bin : null
  } catch {
    return null
  }
}

const BIN = serverBin() ?? ''

export const hasDebianPostgres = BIN !== ''

export type DebianPostgres = {
  url: (database: string) => string
  query: (sql: string) => Promise<void>
  /** `pg_ctl restart -m fast`, as an operator's restart does: sessions ended mid-statement; resolves once it is back. */
  restart: () => Promise<void>
  stop: () => Promise<void>
}

/** PostgreSQL refuses to run as root: as root the server runs as Debian's `postgres` user. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]
}

export async function startDebianPostgres(): Promise<DebianPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vpnkeys-pg15-'))
  chmodSync(dir, 0o777)
  const data = path.join(dir, 'data')
  const [initdb, initArgs] = asPostgres(path.join(BIN, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync'])
  execFileSync(initdb, initArgs, { stdio: 'ignore' })
  const port = await freePort()
  const [pgCtl, args] = asPostgres(path.join(BIN, 'pg_ctl'), ['start', '-w', '-D', data, '-l', path.join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`])
  execFileSync(pgCtl, args, { stdio: 'ignore' })
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`
  const query = async (sql: string) => {
    const client = new Client({ connectionString: url('postgres') })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  for (let attempt = 0; ; attempt += 1) {
    try {
      await query('select 1')
      break
    } catch (error) {
      if (attempt > 100) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    url,
    query,
    restart: async () => {
      const [command, restartArgs] = asPostgres(path.join(BIN, 'pg_ctl'), ['restart', '-w', '-m', 'fast', '-D', data, '-l', path.join(dir, 'log')])
      // Not synchronously: whatever load the test runs keeps running through it.
      await promisify(execFile)(command, restartArgs)
    },
    stop: async () => {
      const [stopCommand, stopArgs] = asPostgres(path.join(BIN, 'pg_ctl'), ['stop', '-w', '-m', 'fast', '-D', data])
      execFileSync(stopCommand, stopArgs, { stdio: 'ignore' })
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
