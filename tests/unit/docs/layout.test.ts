// The layout map in docs/architecture.md is the newcomer's index: every folder of src/lib and src/components is on
// it, and every path on it exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')
const architecture = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8')
const layout = /## Layout\n\n```\n([\s\S]*?)```/.exec(architecture)![1]!
/** Every path the map names (a line may name several). */
const named = new Set(
  layout
    .split('\n')
    .filter((line) => /^[^\s]/.test(line))
    .flatMap((line) => line.split(/\s{2,}/)[0]!.split(/,?\s+/))
    .map((entry) => entry.replace(/\/$/, '')),
)
const folders = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}`)

describe('the layout map (docs/architecture.md)', () => {
  it('names every folder of src/lib and src/components, and src/lib’s files of their own', () => {
    const files = readdirSync(path.join(root, 'src/lib')).filter((name) => name.endsWith('.ts')).map((name) => `src/lib/${name}`)
    const missing = [...folders('src/lib'), ...folders('src/components'), ...files].filter((entry) => !named.has(entry))
    expect(missing).toEqual([])
  })

  it('names only what exists', () => {
    const gone = [...named].filter((entry) => entry.startsWith('src/') || entry.startsWith('deploy/')).filter((entry) => !existsSync(path.join(root, entry)))
    expect(gone).toEqual([])
  })
})
