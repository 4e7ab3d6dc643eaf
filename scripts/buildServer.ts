// Compiles `npm start`'s start-up after `next build` (scripts/lib/serverBundle.ts): .next/vpnkeys/{run,prepare,main}.mjs.
import path from 'node:path'

import { build } from 'esbuild'
import type { Plugin } from 'esbuild'

import { SERVER_BUNDLE_DIR, SERVER_ENTRIES, serverBundlePath } from './lib/serverBundle'
import type { ServerEntry } from './lib/serverBundle'

const root = path.resolve(import.meta.dirname, '..')

/**
 * Next.js's entry points without an exports map (`next/cache`, `next/server`) resolve by file name only: Node's ESM
 * loader wants the `.js` a bundler would add. Kept as imports of the installed package, like every other package.
 */
const nextSubpaths: Plugin = {
  name: 'next-subpaths',
  setup(builder) {
    builder.onResolve({ filter: /^next\/[a-z-]+$/ }, (args) => ({ path: `${args.path}.js`, external: true }))
  },
}

/**
 * A module's own folder (`import.meta.dirname`) stays the source file's folder: the compiled file finds the project's
 * root the way the source does (`path.resolve(import.meta.dirname, '..')`) from inside .next/vpnkeys.
 */
function banner(entryDir: string): string {
  const fromBundle = path.relative(SERVER_BUNDLE_DIR, entryDir).split(path.sep).join('/')
  return [
    "import { createRequire as __vpnkeysCreateRequire } from 'node:module';",
    "import { dirname as __vpnkeysDirname, resolve as __vpnkeysResolve } from 'node:path';",
    "import { fileURLToPath as __vpnkeysFileURLToPath } from 'node:url';",
    'const require = __vpnkeysCreateRequire(import.meta.url);',
    `const __vpnkeysSourceDir = __vpnkeysResolve(__vpnkeysDirname(__vpnkeysFileURLToPath(import.meta.url)), ${JSON.stringify(fromBundle)});`,
  ].join('\n')
}

/** Compiles each entry on its own (its folder differs); the packages stay imports of node_modules. */
async function buildServerBundle(): Promise<{ entry: ServerEntry; bytes: number }[]> {
  return Promise.all(
    (Object.entries(SERVER_ENTRIES) as [ServerEntry, string][]).map(async ([entry, source]) => {
      const outfile = serverBundlePath(root, entry)
      const result = await build({
        absWorkingDir: root,
        entryPoints: [path.join(root, source)],
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        plugins: [nextSubpaths],
        banner: { js: banner(path.dirname(source)) },
        define: { 'import.meta.dirname': '__vpnkeysSourceDir' },
        tsconfig: path.join(root, 'tsconfig.json'),
        metafile: true,
        logLevel: 'warning',
      })
      return { entry, bytes: Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0) }
    }),
  )
}

buildServerBundle().then(
  (outputs) => console.info(`[server] ${SERVER_BUNDLE_DIR}: ${outputs.map(({ entry, bytes }) => `${entry}.mjs ${bytes} bytes`).join(', ')}`),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
