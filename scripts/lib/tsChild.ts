// Runs a TypeScript script in a child Node process through tsx's loader, retrying the one known flake:
// under heavy CPU load Node 20 can exit with code 13 ("unsettled top-level await") while the off-thread
// loader is still answering, before the script has even started. The scripts it runs are idempotent.
import { spawn } from 'node:child_process'
import type { ChildProcess, SpawnOptions } from 'node:child_process'

export const LOADER_FLAKE_EXIT_CODE = 13

/** `started`: told of each child process (a test reading its output). */
type Started = (child: ChildProcess) => void

function once(args: string[], options: SpawnOptions, started?: Started): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], options)
    started?.(child)
    child.once('error', reject)
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

export async function runTsScript(args: string[], options: SpawnOptions, attempts = 3, started?: Started): Promise<number> {
  let code = await once(args, options, started)
  for (let attempt = 1; attempt < attempts && code === LOADER_FLAKE_EXIT_CODE; attempt += 1) {
    console.warn(`[run] ${args[0]} exited with ${LOADER_FLAKE_EXIT_CODE} before starting; trying again`)
    code = await once(args, options, started)
  }
  return code
}
