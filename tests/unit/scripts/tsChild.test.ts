// The scripts the site runs through Node (prepare, create-admin, the Payload CLI, the server) resolve Lexical to a build
// by name, never to its `.node.mjs` wrapper: that wrapper's top-level `await import()` made Node 20 exit 13 before the
// script started, in up to 38 of 40 runs under load (scripts/lib/tsChild.ts says why).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

import { moduleConditions, runTsScript } from '../../../scripts/lib/tsChild'

const root = path.resolve(__dirname, '../../..')
const LEXICAL = ['lexical', '@lexical/rich-text', '@lexical/utils', '@lexical/headless', '@lexical/list', '@lexical/table', '@lexical/html', '@lexical/selection']

async function resolvedInChild(env: NodeJS.ProcessEnv): Promise<string[]> {
  const script = `for (const name of ${JSON.stringify(LEXICAL)}) console.log(import.meta.resolve(name))`
  let out = ''
  const code = await runTsScript(['--input-type=module', '--eval', script], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] }, (child) =>
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString())),
  )
  expect(code).toBe(0)
  return out.trim().split('\n')
}

describe('scripts run through Node', () => {
  it('name the Lexical build NODE_ENV chooses, so no wrapper awaits an import', async () => {
    for (const [nodeEnv, build] of [['production', '.prod.mjs'], ['development', '.dev.mjs'], ['test', '.dev.mjs']] as const) {
      const files = await resolvedInChild({ ...process.env, NODE_ENV: nodeEnv })
      expect(files).toHaveLength(LEXICAL.length)
      for (const url of files) {
        expect(url, String(nodeEnv)).toMatch(new RegExp(`${build.replace('.', '\\.')}$`))
        // The build itself has no top-level await (the wrapper's first statement is one).
        expect(readFileSync(fileURLToPath(url), 'utf8')).not.toMatch(/^const mod = await /m)
      }
    }
  })

  it('the flag follows NODE_ENV', () => {
    expect(moduleConditions({ NODE_ENV: 'production' })).toEqual(['--conditions=production'])
    expect(moduleConditions({ NODE_ENV: 'test' })).toEqual(['--conditions=development'])
  })
})
