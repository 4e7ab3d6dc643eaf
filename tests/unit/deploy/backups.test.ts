// The database dumps stay out of the app's image: compose's backup service writes them outside the project, and the
// build context leaves out any dump wherever it lies (password hashes, panel credentials, subscription URLs' nonces).
import { readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'
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
