// Real servers and clients started by integration tests: free ports, processes in their own group (stopping one
// stops what it started), waiting for a port or a log line, and fetching a page with curl without blocking the
// test process (which often serves that very page).
import type { ChildProcess, SpawnOptions } from 'node:child_process'
import { execFile, execFileSync, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { connect } from 'node:net'
import { promisify } from 'node:util'

export const run = promisify(execFile)

/** True when every command is on PATH. */
export function hasCommands(...commands: string[]): boolean {
  try {
    execFileSync('sh', ['-c', commands.map((command) => `command -v ${command}`).join(' && ')], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** A free port on loopback: one copy for the scripts and the tests (get-port). */
export { freePort } from '../../scripts/lib/ports'

/** Whether a TCP listener can take this port on loopback right now. */
async function portIsFree(port: number): Promise<boolean> {
  const probe = createServer()
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/**
 * `count` consecutive free ports for a program that binds them itself (a port range in its settings). They are taken
 * below the kernel's ephemeral range (32768 and up here), where no outgoing connection of this suite can be holding
 * one, and each is checked before it is handed out.
 */
export async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * (12_000 - count))
    const ports = Array.from({ length: count }, (_, index) => base + index)
    if ((await Promise.all(ports.map(portIsFree))).every(Boolean)) return base
  }
  throw new Error(`No ${count} consecutive free ports found between 20000 and 32000`)
}

/** A started process, with everything it printed so far. */
export type Started = { child: ChildProcess; output: () => string }

const started: ChildProcess[] = []

/** Starts a process in its own group, so stopping it also stops what it started. */
export function start(command: string, args: string[], options: SpawnOptions & { input?: string } = {}): Started {
  const { input, ...spawnOptions } = options
  const child = spawn(command, args, { detached: true, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'], ...spawnOptions })
  started.push(child)
  let output = ''
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000)
  }
  child.stdout?.on('data', append)
  child.stderr?.on('data', append)
  if (input !== undefined) child.stdin?.end(input)
  return { child, output: () => output }
}

export function stop(child: ChildProcess): void {
  try {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM')
  } catch {
    // already gone
  }
}

export async function stopped(child: ChildProcess, timeoutMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  stop(child)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), timeoutMs))
  if ((await Promise.race([exited, late])) === 'late' && child.pid) {
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}

export function stopAll(): void {
  for (const child of started.splice(0)) stop(child)
}

export async function waitForPort(port: number, host = '127.0.0.1', timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, host)
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`Nothing listens on ${host}:${port}`)
}

/** Waits until the process prints `pattern`; fails early if it prints `failure` or exits. */
export async function waitForOutput(process: Started, pattern: RegExp, options: { failure?: RegExp; timeoutMs?: number } = {}): Promise<void> {
  const until = Date.now() + (options.timeoutMs ?? 10_000)
  while (Date.now() < until) {
    const output = process.output()
    if (pattern.test(output)) return
    if (options.failure?.test(output)) throw new Error(`Failed:\n${output.slice(-2000)}`)
    if (process.child.exitCode !== null) throw new Error(`Exited with ${process.child.exitCode}:\n${output.slice(-2000)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`Timed out waiting for ${pattern}:\n${process.output().slice(-2000)}`)
}

/** The body curl fetched with these arguments, or null when it failed (refused, reset, timed out). */
export async function curl(args: string[], prefix: string[] = []): Promise<string | null> {
  const [command, ...rest] = [...prefix, 'curl', '-sS', '--fail', '--max-time', '4', ...args]
  try {
    const { stdout } = await run(command!, rest, { encoding: 'utf8' })
    return stdout
  } catch {
    return null
  }
}
