// Runs scripts/prepare.ts (migrate, optionally seed) in a child process, as the start scripts do.
import path from 'node:path'

import { runTsScript } from '../../scripts/lib/tsChild'

const root = path.resolve(import.meta.dirname, '../..')

/** Resolves with what it printed (shown as it comes, too). */
export async function runPrepare(policy: 'always' | 'if-empty' | 'never', env: NodeJS.ProcessEnv): Promise<string> {
  let output = ''
  const code = await runTsScript(['scripts/prepare.ts', policy], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] }, (child) =>
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      process.stdout.write(chunk)
    }),
  )
  if (code !== 0) throw new Error(`prepare ${policy} exited with ${code}`)
  return output
}
