// The database dumps stay out of the app's image: compose's backup service writes them outside the project, and the
// build context leaves out any dump wherever it lies (password hashes, panel credentials, subscription URLs' nonces).
// A restore runs only with a pg_restore that fences its script against commands hidden in a dump.
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const root = path.resolve(import.meta.dirname, '../../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

/** Docker's rule for a .dockerignore pattern: `**` any folders, `*` and `?` within one name, from the context's top. */
function dockerPattern(pattern: string): RegExp {
  const escaped = pattern.replace(/^\/+|\/+$/g, '').replace(/[.+^${}()|[\]\\]/g, '\\$&')
  const source = escaped.replace(/\*\*\/|\*\*|\*|\?/g, (token) => ({ '**/': '(?:.*/)?', '**': '.*', '*': '[^/]*', '?': '[^/]' })[token]!)
  return new RegExp(`^${source}$`)
}

/** Whether the build context leaves the file out: it or a folder holding it matches a pattern (none here negate). */
function isIgnored(file: string): boolean {
  const patterns = read('.dockerignore').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'))
  expect(patterns.filter((pattern) => pattern.startsWith('!'))).toEqual([])
  const parts = file.split('/')
  const prefixes = parts.map((_, index) => parts.slice(0, index + 1).join('/'))
  return patterns.some((pattern) => prefixes.some((prefix) => dockerPattern(pattern).test(prefix)))
}

describe('the app image', () => {
  it('is built without the backups folder or any dump, checksum or encrypted copy, wherever they lie', () => {
    for (const file of [
      'backups/vpnkeys-20261127T033000Z.dump',
      'backups/notes.txt',
      '.data/backups/vpnkeys-20261127T033000Z.dump',
      'vpnkeys-20261127T033000Z.dump',
      'deploy/vpnkeys-20261127T033000Z.dump.partial',
      'old/vpnkeys-20261127T033000Z.dump.sha256',
      'old/vpnkeys-20261127T033000Z.dump.age',
      'site.sql',
      'tmp/site.sql.gz',
    ]) {
      expect(isIgnored(file), file).toBe(true)
    }
  })

  it('still has the code it builds from', () => {
    for (const file of ['package.json', 'src/lib/env.ts', 'deploy/backup/backup.sh', 'migrations/index.ts', 'scripts/run.ts', 'public/bench.txt']) {
      expect(isIgnored(file), file).toBe(false)
    }
  })
})

describe("compose's backup service", () => {
  const services = (parse(read('compose.yaml'), { merge: true }) as { services: Record<string, { volumes?: string[] }> }).services
  /** compose's ${NAME:-default} with NAME unset, as on a server whose .env does not name it. */
  const byDefault = (value: string) => value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1')

  it('writes the dumps to a folder outside the project by default (BACKUP_HOST_DIR), and no service mounts one inside it', () => {
    const mount = services.backup!.volumes!.find((volume) => volume.endsWith(':/backups'))!
    expect(mount).toMatch(/^\$\{BACKUP_HOST_DIR:-/)
    const host = byDefault(mount).slice(0, -':/backups'.length)
    expect(host).toBe('/var/backups/vpnkeys')
    for (const [name, service] of Object.entries(services)) {
      for (const volume of service.volumes ?? []) expect(byDefault(volume), name).not.toMatch(/^(\.\/)?backups\b/)
    }
    expect(read('.env.example')).toMatch(/^BACKUP_HOST_DIR=$/m)
  })
})

describe('restore.sh and the pg_restore it runs', () => {
  const bin = mkdtempSync(path.join(tmpdir(), 'vpnkeys-pg-restore-'))
  afterAll(() => rmSync(bin, { recursive: true, force: true }))

  /** restore.sh of a file that is not there, with a pg_restore that says it is VERSION first on PATH. */
  function restoreWith(version: string) {
    const fake = path.join(bin, 'pg_restore')
    writeFileSync(fake, `#!/bin/sh\necho 'pg_restore (PostgreSQL) ${version}'\n`)
    chmodSync(fake, 0o755)
    return spawnSync('sh', [path.join(root, 'deploy/backup/restore.sh'), '/nonexistent/vpnkeys-20261127T033000Z.dump'], { env: { ...process.env, PATH: `${bin}:${process.env.PATH}` }, encoding: 'utf8' })
  }

  it('refuses one from before the fix of CVE-2025-8714 (\\restrict), on each side of each fixed release', () => {
    const refused = ['9.6.24', '12.22', '13.21', '14.18', '15.13', '16.9', '17.5']
    const fixed = ['13.22', '14.19', '15.14', '15.18 (Debian 15.18-0+deb12u1)', '16.10', '17.6', '17.10', '18.0', '18beta1', '19.1']
    for (const version of refused) {
      const run = restoreWith(version)
      expect(run.status, version).toBe(1)
      expect(run.stderr, version).toContain(`✖ pg_restore ${version} predates the fix for dumps that run commands when restored (CVE-2025-8714)`)
    }
    for (const version of fixed) {
      const run = restoreWith(version)
      expect(run.status, version).toBe(1)
      expect(run.stderr, version).toContain('✖ there is no backup at /nonexistent/')
    }
  })

  it('names the update of the same major, or a supported client for a major without one', () => {
    expect(restoreWith('15.13').stderr).toContain('update postgresql-client-15 to 15.14 or later')
    expect(restoreWith('16.9').stderr).toContain('update postgresql-client-16 to 16.10 or later')
    expect(restoreWith('12.22').stderr).toContain('install postgresql-client-17 (17.6 or later)')
  })
})
