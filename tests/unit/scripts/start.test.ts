// `npm start` (scripts/start.mjs) runs what `npm run build` compiled; without a build it says what to do, in one line.
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterEach, expect, test } from 'vitest'

import { SERVER_BUNDLE_DIR, serverBundlePath } from '../../../scripts/lib/serverBundle'

const root = path.resolve(import.meta.dirname, '../../..')
const dirs: string[] = []

/** A project folder holding only the launcher, and what a test puts beside it. */
function project(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vpnkeys-start-'))
  dirs.push(dir)
  mkdirSync(path.join(dir, 'scripts'))
  copyFileSync(path.join(root, 'scripts', 'start.mjs'), path.join(dir, 'scripts', 'start.mjs'))
  return dir
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

test('without a production build, npm start says to build first and exits 1', () => {
  const dir = project()
  const run = spawnSync(process.execPath, [path.join(dir, 'scripts', 'start.mjs')], { cwd: dir, encoding: 'utf8' })
  expect(run.status).toBe(1)
  expect(run.stderr).toContain('There is no production build here: run `npm run build` first, then `npm start`.')
})

test('with one, it runs the compiled launcher in its start mode, with the arguments it was given', () => {
  const dir = project()
  mkdirSync(path.join(dir, SERVER_BUNDLE_DIR), { recursive: true })
  writeFileSync(serverBundlePath(dir, 'run'), 'console.log(JSON.stringify(process.argv.slice(2)))\n')
  const run = spawnSync(process.execPath, [path.join(dir, 'scripts', 'start.mjs'), '--extra'], { cwd: dir, encoding: 'utf8' })
  expect(run.stderr).toBe('')
  expect(JSON.parse(run.stdout)).toEqual(['start', '--extra'])
})
