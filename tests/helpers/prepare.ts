// Runs scripts/prepare.ts (migrate, optionally seed) in a child process, as the start scripts do.
import path from 'node:path'

import { runTsScript } from '../../scripts/lib/tsChild'

const root = path.resolve(import.meta.dirname, '../..')

export async function runPrepare(policy: 'always' | 'if-empty' | 'never', env: NodeJS.ProcessEnv): Promise<void> {
  const code = await runTsScript(['scripts/prepare.ts', policy], { cwd: root, env, stdio: 'inherit' })
  if (code !== 0) throw new Error(`prepare ${policy} exited with ${code}`)
}
