// The probe as one file: scripts/probe.ts and what it imports (src/probe, the key formats, @noble/hashes), bundled by
// esbuild into a Node ES module of about 70 KB. A volunteer runs it with Node 20+ and V2Ray alone, without this
// checkout, its npm install, a database or Payload; deploy/probe's unit and Dockerfile run it. The censored network's
// test runs this very bundle (tests/int/probeCensored.test.ts).
import path from 'node:path'

import { build } from 'esbuild'

const root = path.resolve(import.meta.dirname, '../..')

export const PROBE_BUNDLE = path.join(root, 'dist', 'probe', 'vpnkeys-probe.mjs')

export async function buildProbeBundle(outfile: string = PROBE_BUNDLE): Promise<{ file: string; bytes: number }> {
  const result = await build({
    entryPoints: [path.join(root, 'scripts', 'probe.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    metafile: true,
    legalComments: 'inline',
    banner: { js: '#!/usr/bin/env node' },
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'warning',
  })
  return { file: outfile, bytes: Object.values(result.metafile.outputs)[0]?.bytes ?? 0 }
}
