// scripts/run.ts's folders: an empty DATA_DIR or BACKUP_DIR (as copied from .env.example) is the documented default,
// never the checkout, where `npm run backup` would write dumps beside the code.
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { backupDirOf, dataDirOf, PRODUCTION_BACKUP_DIR } from '../../../scripts/lib/dataDirs'

const root = '/srv/vpnkeys'

describe('dataDirOf', () => {
  it('is .data in the checkout when DATA_DIR is unset, empty or blank', () => {
    for (const DATA_DIR of [undefined, '', '  ']) expect(dataDirOf(root, { DATA_DIR }), JSON.stringify(DATA_DIR)).toBe('/srv/vpnkeys/.data')
  })

  it('takes DATA_DIR when set, relative to the checkout', () => {
    expect(dataDirOf(root, { DATA_DIR: '/var/lib/vpnkeys' })).toBe('/var/lib/vpnkeys')
    expect(dataDirOf(root, { DATA_DIR: 'local' })).toBe('/srv/vpnkeys/local')
  })
})

describe('backupDirOf', () => {
  it('is <DATA_DIR>/backups outside strict production when BACKUP_DIR and DATA_DIR are empty, never the checkout', () => {
    const dir = backupDirOf({ root, env: { DATA_DIR: '', BACKUP_DIR: '' }, isStrictProduction: false })
    expect(dir).toBe('/srv/vpnkeys/.data/backups')
    expect(path.dirname(dir)).not.toBe(root)
    expect(backupDirOf({ root, env: { DATA_DIR: '/tmp/site' }, isStrictProduction: false })).toBe('/tmp/site/backups')
  })

  it('is /var/backups/vpnkeys, outside the code, in strict production', () => {
    expect(backupDirOf({ root, env: { DATA_DIR: '', BACKUP_DIR: ' ' }, isStrictProduction: true })).toBe(PRODUCTION_BACKUP_DIR)
    expect(PRODUCTION_BACKUP_DIR).toBe('/var/backups/vpnkeys')
  })

  it('takes BACKUP_DIR when set, relative to the checkout', () => {
    expect(backupDirOf({ root, env: { BACKUP_DIR: '/mnt/backups' }, isStrictProduction: true })).toBe('/mnt/backups')
    expect(backupDirOf({ root, env: { BACKUP_DIR: '../dumps' }, isStrictProduction: false })).toBe('/srv/dumps')
  })
})
