// Bundles the islands (src/islands) after `next build`, into Next.js's static folder (served as
// /_next/static/islands/…, cached for good), and names the file in .next/islands.json for the server.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { build } from 'esbuild'

import { ISLANDS_MANIFEST } from '../src/lib/islands/islandPage.mjs'

const root = path.resolve(import.meta.dirname, '..')
const outdir = path.join(root, '.next', 'static', 'islands')

async function main(): Promise<void> {
  mkdirSync(outdir, { recursive: true })
  const result = await build({
    entryPoints: [path.join(root, 'src', 'islands', 'main.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    // Browsers that know <dialog> and :has(), as the pages' CSS does.
    target: ['chrome105', 'safari15.4', 'firefox121'],
    outdir,
    entryNames: 'islands-[hash]',
    metafile: true,
    legalComments: 'none',
    tsconfig: path.join(root, 'tsconfig.json'),
  })
  const output = Object.keys(result.metafile.outputs)[0]
  if (!output) throw new Error('esbuild wrote no islands bundle')
  const src = `/_next/static/islands/${path.basename(output)}`
  writeFileSync(path.join(root, ISLANDS_MANIFEST), JSON.stringify({ src }))
  console.info(`[islands] ${src}: ${result.metafile.outputs[output]?.bytes ?? 0} bytes`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
