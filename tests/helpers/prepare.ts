// Runs scripts/prepare.ts (migrate, optionally seed) in a child process, as the start scripts do: from the sources,
// or compiled as `npm start` runs it (after `npm run build`: the end-to-end sites).
import type { ChildProcess, SpawnOptions } from 'node:child_process'
import path from 'node:path'

import { serverBundlePath } from '../../scripts/lib/serverBundle'
import { runCompiledScript, runTsScript } from '../../scripts/lib/tsChild'

const root = path.resolve(import.meta.dirname, '../..')

/** Resolves with what it printed (shown as it comes, too). */
export async function runPrepare(policy: 'always' | 'if-empty' | 'never', env: NodeJS.ProcessEnv, { compiled = false } = {}): Promise<string> {
  let output = ''
  const options: SpawnOptions = { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] }
  const read = (child: ChildProcess) =>
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      process.stdout.write(chunk)
    })
  const code = compiled ? await runCompiledScript([serverBundlePath(root, 'prepare'), policy], options, read) : await runTsScript(['scripts/prepare.ts', policy], options, read)
  if (code !== 0) throw new Error(`prepare ${policy} exited with ${code}`)
  return output
}
