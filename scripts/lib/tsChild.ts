// Runs a TypeScript script in a child Node process through tsx's loader, under the resolution conditions below.
//
// Why the conditions: Lexical's packages (Payload's rich text) resolve under Node's plain `node` condition to a wrapper,
// `Lexical.node.mjs`, that picks its dev or prod build with a top-level `await import()`. Node 20's V8 can leave a graph
// of these nested awaits unsettled: the event loop empties, and the process exits 13 ("unsettled top-level await")
// before the script has started. Importing `@payloadcms/richtext-lexical` alone did so in 10 of 20 runs on an idle
// machine and 38 of 40 under load; with the condition, 0 of 80. Naming the build by condition, as the wrapper would
// choose it by NODE_ENV, skips the wrapper and its await. The site's server gets the same flag (scripts/run.ts).
import { spawn } from 'node:child_process'
import type { ChildProcess, SpawnOptions } from 'node:child_process'

const UNSETTLED_AWAIT_EXIT_CODE = 13

/** The flags that make Node resolve Lexical (and any package with such builds) to the build NODE_ENV names. */
export function moduleConditions(env: NodeJS.ProcessEnv = process.env): string[] {
  return [`--conditions=${env.NODE_ENV === 'production' ? 'production' : 'development'}`]
}

/** `started`: told of each child process (a test reading its output). */
type Started = (child: ChildProcess) => void

function once(args: string[], options: SpawnOptions, started: Started | undefined, loader: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...moduleConditions(options.env), ...loader, ...args], options)
    started?.(child)
    child.once('error', reject)
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

/** The script's exit code. A 13 is said in one line: the bug above, back from another module graph. */
export async function runTsScript(args: string[], options: SpawnOptions, started?: Started): Promise<number> {
  return said(args, await once(args, options, started, ['--import', 'tsx']))
}

/** The same for a compiled script (.next/vpnkeys, scripts/lib/serverBundle.ts): plain Node, no loader. */
export async function runCompiledScript(args: string[], options: SpawnOptions, started?: Started): Promise<number> {
  return said(args, await once(args, options, started, []))
}

function said(args: string[], code: number): number {
  if (code === UNSETTLED_AWAIT_EXIT_CODE) console.error(`[run] ${args[0]} exited with ${code}: a top-level await never settled (see scripts/lib/tsChild.ts)`)
  return code
}
