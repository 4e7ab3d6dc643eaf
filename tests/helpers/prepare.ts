// Runs scripts/prepare.ts (migrate, optionally seed) in a child process, as the start scripts do.
import { spawn } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

export function runPrepare(policy: 'always' | 'if-empty' | 'never', env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/prepare.ts', policy], { cwd: root, env })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code === 0) resolve({ code, output })
      else reject(new Error(`prepare ${policy} exited with ${String(code)}:\n${output}`))
    })
  })
}
