// The project's own TypeScript, for tests that pin where a rule may be written (locks, the subscription's writer).
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'

export const projectRoot = path.resolve(import.meta.dirname, '../..')

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return walk(full)
    return /\.tsx?$/.test(name) ? [full] : []
  })
}

/** Every .ts and .tsx file of src/, collections/ and payload.config.ts, as absolute paths. */
export function sourceFiles(): string[] {
  return [...walk(path.join(projectRoot, 'src')), ...walk(path.join(projectRoot, 'collections')), path.join(projectRoot, 'payload.config.ts')]
}
