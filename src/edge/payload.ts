// The Payload Local API client for server code at the edges: pages, route handlers, jobs, the server, and the public
// readers in src/lib/data. Nothing else under src/lib imports it (nor the config): domain code takes a Payload as an
// argument, so the config, which is built from src/lib, is never imported back (`npm run lint:deps` checks both).
import config from '@payload-config'
import { getPayload } from 'payload'
import type { Payload } from 'payload'

/** In the running app; `cron` starts the jobs queue (e-mail retries) with the first use. */
export function payloadClient(): Promise<Payload> {
  return getPayload({ config, cron: true })
}
