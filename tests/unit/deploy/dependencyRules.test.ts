// The code's boundaries (.dependency-cruiser.cjs, `npm run lint:deps` in CI's static checks) fail on what they forbid:
// an import circle, and domain code under src/lib reaching the config or the running app. Checked on small trees
// written for the purpose, laid out as the project is.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { cruise } from 'dependency-cruiser'
import type { IConfiguration } from 'dependency-cruiser'
import { afterAll, describe, expect, it } from 'vitest'

const config = createRequire(import.meta.url)('../../../.dependency-cruiser.cjs') as IConfiguration
const trees: string[] = []

/** The rules' violations on a tree of these files (relative imports only, so no tsconfig is needed). */
async function violationsOf(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(path.join(tmpdir(), 'vk-deps-'))
  trees.push(root)
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true })
    writeFileSync(path.join(root, name), text)
  }
  const { tsConfig: _ignored, ...options } = config.options ?? {}
  const result = await cruise(['src', 'payload.config.ts'], { ...options, baseDir: root, ruleSet: { forbidden: config.forbidden }, validate: true })
  if (typeof result.output === 'string') throw new Error(result.output)
  return result.output.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`)
}

afterAll(() => {
  for (const root of trees) rmSync(root, { recursive: true, force: true })
})

describe('the dependency rules', () => {
  it('fail on an import circle, and not on one closed only by a type import', async () => {
    expect(await violationsOf({
      'payload.config.ts': "export default {}\n",
      'src/lib/billing/record.ts': "import { redeem } from '../gift/redeem'\nexport const record = () => redeem\n",
      'src/lib/gift/redeem.ts': "import { record } from '../billing/record'\nexport const redeem = () => record\n",
    })).toEqual(expect.arrayContaining([expect.stringMatching(/^no-circular: src\/lib\/(billing\/record|gift\/redeem)\.ts → /)]))
    expect(await violationsOf({
      'payload.config.ts': "export default {}\n",
      'src/lib/billing/record.ts': "import type { Redeem } from '../gift/redeem'\nexport const record = (redeem: Redeem) => redeem\n",
      'src/lib/gift/redeem.ts': "import { record } from '../billing/record'\nexport type Redeem = typeof record\n",
    })).toEqual([])
  })

  it('fail when domain code under src/lib imports the config or the running app; the public readers may reach the app', async () => {
    const violations = await violationsOf({
      'payload.config.ts': "import { rule } from './src/lib/rules'\nexport default { rule }\n",
      'src/lib/rules.ts': 'export const rule = 1\n',
      'src/lib/alerts/signals.ts': "import config from '../../../payload.config'\nexport const signal = config\n",
      'src/lib/billing/charge.ts': "import { client } from '../../edge/payload'\nexport const charge = client\n",
      'src/lib/data/settings.ts': "import { client } from '../../edge/payload'\nexport const settings = client\n",
      'src/edge/payload.ts': 'export const client = 1\n',
    })
    expect(violations).toEqual(
      expect.arrayContaining(['lib-not-to-config: src/lib/alerts/signals.ts → payload.config.ts', 'lib-not-to-edge: src/lib/billing/charge.ts → src/edge/payload.ts']),
    )
    expect(violations.filter((violation) => violation.includes('src/lib/data/'))).toEqual([])
  })
})
