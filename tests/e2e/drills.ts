// What the cluster's tests and the operators' drills share (cluster.spec.ts, drills.spec.ts): the cluster site the
// harness started, npm commands run as an operator runs them, and waits on ports.
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { connect } from 'node:net'
import path from 'node:path'

import { expect } from '@playwright/test'

/**
 * How long an instance this file starts may take to answer: migrations and the demo seed from empty, on a machine
 * whose other worker runs its own tests or drill meanwhile (about 20 s alone, three times that at worst seen beside them).
 */
export const START_WITHIN = 180_000

export const hasCommand = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0

/** The cluster site tests/helpers/e2eSites.ts started: its two instances and its database. */
export function cluster(): { instances: [string, string]; databaseUrl: string } {
  return JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../.test/cluster.json'), 'utf8')) as { instances: [string, string]; databaseUrl: string }
}

/** Whether anything accepts connections on this loopback port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** An npm command in the repository in production, with exactly this environment; resolves with its exit code and output. */
export function npmRun(args: string[], env: Record<string, string>) {
  const environment: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...env }
  const child = spawn('npm', args, { cwd: path.resolve(import.meta.dirname, '../..'), env: environment, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')))
  // The same, once its output has been read to the end too (and whatever it started has let go of it): for a command
  // whose output a failure should show whole.
  const closed = new Promise<number | string>((resolve) => child.once('close', (code, signal) => resolve(code ?? signal ?? 'unknown')))
  return { child, exited, closed, output: () => output }
}

/** Waits until `url` answers 200 while `command` starts; if it never does, fails with what the command printed. */
export async function untilAnswers(url: string, command: { output: () => string }): Promise<void> {
  try {
    await expect(async () => expect((await fetch(url)).status).toBe(200)).toPass({ timeout: START_WITHIN, intervals: [500] })
  } catch (error) {
    throw new Error(`${url} did not answer within ${START_WITHIN / 1000} s; the command printed:\n${command.output().slice(-4000)}`, { cause: error })
  }
}
