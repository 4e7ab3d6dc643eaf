// The site's start-up compiled by `npm run build` (scripts/buildServer.ts) into .next/vpnkeys: `npm start` (scripts/start.mjs), its database
// preparation and the site's server run as plain Node modules, with no TypeScript loader at run time. Type errors are
// caught once, by the typecheck; a start loads less (measured in CONTRIBUTING.md, "Tests"); and a rebuild replaces the
// files with .next, so the server and the start-up it runs are always of one build.
import path from 'node:path'

/** Where the compiled start-up lives, beside Next.js's build of the same run. */
export const SERVER_BUNDLE_DIR = path.join('.next', 'vpnkeys')

/** What `npm start` runs: the launcher (environment, database, payments' doubles), the preparation and the server. */
export const SERVER_ENTRIES = { run: 'scripts/run.ts', prepare: 'scripts/prepare.ts', main: 'src/server/main.ts' } as const
export type ServerEntry = keyof typeof SERVER_ENTRIES

export function serverBundlePath(root: string, entry: ServerEntry): string {
  return path.join(root, SERVER_BUNDLE_DIR, `${entry}.mjs`)
}
