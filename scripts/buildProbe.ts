// `npm run build:probe`: the probe as one file, dist/probe/vpnkeys-probe.mjs (scripts/lib/probeBundle.ts).
import { buildProbeBundle } from './lib/probeBundle'

buildProbeBundle().then(
  ({ file, bytes }) => console.info(`[probe] ${file}: ${bytes} bytes; run it with: node ${file} --site https://… --token vkp_…`),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
