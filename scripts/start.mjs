// `npm start`: the start-up `npm run build` compiled (scripts/lib/serverBundle.ts), run by plain Node: scripts/run.ts
// in its `start` mode, which prepares the database and starts the site's server, both compiled too.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const compiled = path.join(fileURLToPath(new URL('..', import.meta.url)), '.next', 'vpnkeys', 'run.mjs')
if (!existsSync(compiled)) {
  console.error('\n✖ There is no production build here: run `npm run build` first, then `npm start`.\n')
  process.exit(1)
}
process.argv.splice(2, 0, 'start')
await import(pathToFileURL(compiled).href)
