// deploy/backup's scripts run as compose and `npm run backup` run them, against Debian's PostgreSQL and an S3 stand-in
// (no site, no build): each dump has its SHA-256 beside it and in the bucket, and a restore checks it first; a name
// dated in the future changes nothing; the bucket is only written to; with an age recipient it holds only ciphertext.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { Client } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { libpqEnv } from '../../scripts/lib/libpq'
import { hasDebianPostgres, startDebianPostgres } from '../helpers/debianPostgres'
import type { DebianPostgres } from '../helpers/debianPostgres'
import { hasCommands, run } from '../helpers/processes'
import { startBucket } from '../helpers/s3'
import type { TestBucket } from '../helpers/s3'

const SKIPPED = !hasDebianPostgres
  ? "Debian's PostgreSQL (postgresql-15, with its pg_dump and pg_restore) is not installed (apt-get install -y postgresql)"
  : !hasCommands('rclone', 'age', 'age-keygen', 'sha256sum')
    ? 'rclone or age is not installed (apt-get install -y rclone age)'
    : null
if (SKIPPED) console.warn(`Skipping the backup and restore tests: ${SKIPPED}.`)

const root = path.resolve(import.meta.dirname, '../..')
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

let pg: DebianPostgres
let bucket: TestBucket
let work: string
let databases = 0

type Ran = { code: number; stdout: string; stderr: string }

/** backup.sh or restore.sh as compose runs them: sh, with libpq's variables and the BACKUP_* ones given. */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn('sh', [path.join(root, 'deploy/backup', `${name}.sh`), ...args], { env: { ...process.env, HOME: work, ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }))
  })
}

async function inDatabase<T>(database: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: pg.url(database) })
  await client.connect()
  try {
    return (await client.query(sql)).rows as T[]
  } finally {
    await client.end()
  }
}

/** A new empty database to restore into, as libpq's variables. */
async function emptyDatabase(): Promise<{ name: string; env: Record<string, string> }> {
  const name = `restored_${(databases += 1)}`
  await pg.query(`CREATE DATABASE ${name}`)
  return { name, env: libpqEnv(pg.url(name)) }
}

const tablesIn = async (database: string) => Number((await inDatabase<{ count: string }>(database, `SELECT count(*) FROM pg_tables WHERE schemaname = 'public'`))[0]!.count)
const notesIn = async (database: string) => (await inDatabase<{ note: string }>(database, 'SELECT note FROM panels ORDER BY id')).map((row) => row.note)
const NOTES = ['panel password 1', 'panel password 2']

/** A backup of the site database into a new folder: the folder, the dump's name and path. */
async function backUp(env: Record<string, string> = {}): Promise<{ dir: string; name: string; file: string; ran: Ran }> {
  const dir = mkdtempSync(path.join(work, 'backups-'))
  const ran = await script('backup', [], { ...libpqEnv(pg.url('site')), BACKUP_DIR: dir, ...env })
  expect(ran.code, ran.stderr).toBe(0)
  const file = ran.stdout.trim().split('\n').at(-1)!
  return { dir, name: path.basename(file), file, ran }
}

/** A key pair made by age-keygen: the identity's file (the secret) and the public key backups are encrypted to. */
async function ageKey(name: string): Promise<{ identity: string; recipient: string }> {
  const identity = path.join(work, name)
  await run('age-keygen', ['-o', identity])
  return { identity, recipient: /public key: (age1\w+)/.exec(readFileSync(identity, 'utf8'))![1]! }
}

/** A copy of the file, under the same name in a folder of its own. */
function copied(file: string): string {
  const dir = mkdtempSync(path.join(work, 'copy-'))
  copyFileSync(file, path.join(dir, path.basename(file)))
  return path.join(dir, path.basename(file))
}

describe.skipIf(SKIPPED !== null)('backups: deploy/backup/backup.sh and restore.sh', () => {
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'vpnkeys-backups-'))
    pg = await startDebianPostgres()
    bucket = await startBucket()
    await pg.query('CREATE DATABASE site')
    await inDatabase('site', `CREATE TABLE panels (id int PRIMARY KEY, note text); INSERT INTO panels VALUES (1, '${NOTES[0]}'), (2, '${NOTES[1]}')`)
  })

  afterAll(async () => {
    await bucket?.close()
    await pg?.stop()
    rmSync(work, { recursive: true, force: true })
  })

  it('writes the SHA-256 beside each dump as sha256sum would and sends both to the bucket with PUT requests only, never listing, reading or deleting there', async () => {
    bucket.takeRequests()
    const { dir, name, file } = await backUp(bucket.env('plain'))
    const requests = bucket.takeRequests()
    expect(name).toMatch(/^vpnkeys-\d{8}T\d{6}Z\.dump$/)
    expect(readdirSync(dir).sort()).toEqual([name, `${name}.sha256`])
    const dump = readFileSync(file)
    expect(readFileSync(`${file}.sha256`, 'utf8')).toBe(`${sha256(dump)}  ${name}\n`)
    expect(await bucket.list('plain')).toEqual([name, `${name}.sha256`])
    expect((await bucket.get(`plain/${name}`)).equals(dump)).toBe(true)
    expect((await bucket.get(`plain/${name}.sha256`)).toString()).toBe(`${sha256(dump)}  ${name}\n`)
    // What a key allowed s3:PutObject alone may do.
    expect(requests).toEqual([`PUT /backups/plain/${name}`, `PUT /backups/plain/${name}.sha256`])

    // Restored from the bucket, checked against the checksum beside it there.
    const target = await emptyDatabase()
    const restored = await script('restore', [`s3://backups/plain/${name}`], { ...target.env, ...bucket.env('plain') })
    expect(restored.code, restored.stderr).toBe(0)
    expect(restored.stdout).toContain(`Restored s3://backups/plain/${name} (its SHA-256 matched) into ${target.name}`)
    expect(await notesIn(target.name)).toEqual(NOTES)
  })

  it('refuses a dump with one byte changed before restoring anything, from the folder or from the bucket', async () => {
    const { file, name } = await backUp()
    const tampered = copied(file)
    copyFileSync(`${file}.sha256`, `${tampered}.sha256`)
    const bytes = readFileSync(tampered)
    const middle = Math.floor(bytes.length / 2)
    bytes.writeUInt8(bytes.readUInt8(middle) ^ 0x01, middle)
    writeFileSync(tampered, bytes)
    const target = await emptyDatabase()
    const refused = await script('restore', [tampered], target.env)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`✖ ${tampered} does not match its checksum in ${tampered}.sha256: it is damaged or was altered; nothing was restored`)
    expect(await tablesIn(target.name)).toBe(0)

    await bucket.put(`tampered/${name}`, bytes)
    await bucket.put(`tampered/${name}.sha256`, readFileSync(`${file}.sha256`))
    const fromBucket = await script('restore', [`s3://backups/tampered/${name}`], { ...target.env, ...bucket.env('tampered') })
    expect(fromBucket.code).toBe(1)
    expect(fromBucket.stderr).toContain('does not match its checksum')
    expect(await tablesIn(target.name)).toBe(0)

    // The same dump untouched restores.
    const restored = await script('restore', [file], target.env)
    expect(restored.code, restored.stderr).toBe(0)
    expect(await notesIn(target.name)).toEqual(NOTES)
  })

  it('refuses a dump without its checksum unless told --unverified (before or after --force), here and in the bucket', async () => {
    const { file, name } = await backUp()
    const bare = copied(file)
    const target = await emptyDatabase()
    const refused = await script('restore', [bare], target.env)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`✖ no checksum was found beside ${bare} (${bare}.sha256)`)
    expect(refused.stderr).toContain('--unverified')
    expect(await tablesIn(target.name)).toBe(0)

    await bucket.put(`legacy/${name}`, readFileSync(file))
    const fromBucket = await script('restore', [`s3://backups/legacy/${name}`], { ...target.env, ...bucket.env('legacy') })
    expect(fromBucket.code).toBe(1)
    expect(fromBucket.stderr).toContain(`no checksum was found beside s3://backups/legacy/${name}`)
    expect(await tablesIn(target.name)).toBe(0)

    const unverified = await script('restore', ['--unverified', `s3://backups/legacy/${name}`], { ...target.env, ...bucket.env('legacy') })
    expect(unverified.code, unverified.stderr).toBe(0)
    expect(unverified.stdout).toContain('(unverified: it has no checksum)')
    expect(await notesIn(target.name)).toEqual(NOTES)
    const replaced = await script('restore', [bare, '--force', '--unverified'], target.env)
    expect(replaced.code, replaced.stderr).toBe(0)
    expect(await notesIn(target.name)).toEqual(NOTES)
  })

  it('leaves a name dated in the future alone: it pushes no genuine backup out, is not offered first, and is warned about', async () => {
    const dir = mkdtempSync(path.join(work, 'future-'))
    const future = 'vpnkeys-29991231T000000Z.dump'
    for (const name of ['vpnkeys-20250101T000000Z.dump', 'vpnkeys-20250102T000000Z.dump', 'vpnkeys-20250103T000000Z.dump', future]) {
      writeFileSync(path.join(dir, name), 'old')
      writeFileSync(path.join(dir, `${name}.sha256`), `${sha256(Buffer.from('old'))}  ${name}\n`)
    }
    const ran = await script('backup', [], { ...libpqEnv(pg.url('site')), BACKUP_DIR: dir, BACKUP_KEEP: '2' })
    expect(ran.code, ran.stderr).toBe(0)
    const name = path.basename(ran.stdout.trim().split('\n').at(-1)!)
    expect(ran.stderr).toContain(`⚠ ${dir}/${future} is dated more than a day ahead: it is left alone`)
    // The newest two genuine ones stay, with their checksums; the future one is neither counted nor removed.
    expect(readdirSync(dir).sort()).toEqual(
      ['vpnkeys-20250103T000000Z.dump', 'vpnkeys-20250103T000000Z.dump.sha256', name, `${name}.sha256`, future, `${future}.sha256`].sort(),
    )

    // Listed newest first without it, here and in the bucket (where encrypted copies are listed too).
    await bucket.put(`listing/${future}`, 'old')
    await bucket.put('listing/vpnkeys-20250104T000000Z.dump.age', 'old')
    await bucket.put('listing/vpnkeys-20250104T000000Z.dump.sha256', 'old')
    const listed = await script('restore', [], { BACKUP_DIR: dir, ...bucket.env('listing') })
    expect(listed.code).toBe(1)
    expect(listed.stderr.split('\n').filter((line) => line.startsWith('  '))).toEqual([
      `  ${dir}/${name}`,
      `  ${dir}/vpnkeys-20250103T000000Z.dump`,
      '  s3://backups/listing/vpnkeys-20250104T000000Z.dump.age',
    ])
  })

  it('with age recipients, sends the bucket only ciphertext (and the plain dump’s checksum), keeps the local copy plain, and restores from the bucket with an identity, refusing clearly without one', async () => {
    const keys = [await ageKey('identity-1.txt'), await ageKey('identity-2.txt')]
    bucket.takeRequests()
    const { file, name } = await backUp({ ...bucket.env('sealed'), BACKUP_AGE_RECIPIENT: `${keys[0]!.recipient}, ${keys[1]!.recipient}` })
    expect(bucket.takeRequests()).toEqual([`PUT /backups/sealed/${name}.age`, `PUT /backups/sealed/${name}.sha256`])
    expect(await bucket.list('sealed')).toEqual([`${name}.age`, `${name}.sha256`])
    const sealed = await bucket.get(`sealed/${name}.age`)
    expect(sealed.subarray(0, 5).toString()).not.toBe('PGDMP')
    expect(sealed.subarray(0, 21).toString()).toBe('age-encryption.org/v1')
    expect(sealed.includes(Buffer.from('panel password'))).toBe(false)
    // The local copy is the plain dump (on the database's own disk).
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP')

    const target = await emptyDatabase()
    const withoutIdentity = await script('restore', [`s3://backups/sealed/${name}.age`], { ...target.env, ...bucket.env('sealed') })
    expect(withoutIdentity.code).toBe(1)
    expect(withoutIdentity.stderr).toContain(`✖ s3://backups/sealed/${name}.age is encrypted: set BACKUP_AGE_IDENTITY to the file holding its age identity`)
    const restored = await script('restore', [`s3://backups/sealed/${name}.age`], { ...target.env, ...bucket.env('sealed'), BACKUP_AGE_IDENTITY: keys[1]!.identity })
    expect(restored.code, restored.stderr).toBe(0)
    expect(await notesIn(target.name)).toEqual(NOTES)
  })

  it('says how to create a backup folder it cannot create', async () => {
    const ran = await script('backup', [], { ...libpqEnv(pg.url('site')), BACKUP_DIR: '/proc/vpnkeys-backups' })
    expect(ran.code).toBe(1)
    expect(ran.stderr).toContain('✖ /proc/vpnkeys-backups cannot be created: create it for the user that runs the backups (as root: install -d -m 700 -o')
    expect(ran.stderr.trim().split('\n').filter((line) => !line.startsWith('⚠'))).toHaveLength(1)
  })

  it('refuses an age recipient that is not a public key before dumping', async () => {
    const dir = mkdtempSync(path.join(work, 'bad-key-'))
    const ran = await script('backup', [], { ...libpqEnv(pg.url('site')), BACKUP_DIR: dir, ...bucket.env('bad-key'), BACKUP_AGE_RECIPIENT: 'AGE-SECRET-KEY-1XYZ' })
    expect(ran.code).toBe(1)
    expect(ran.stderr).toContain('BACKUP_AGE_RECIPIENT holds age public keys (age1…')
    expect(readdirSync(dir)).toEqual([])
  })
})
