// The Payload Local API client for server code (pages, route handlers, jobs).
import config from '@payload-config'
import { getPayload } from 'payload'
import type { Payload } from 'payload'

/** In the running app; `cron` starts the jobs queue (e-mail retries) with the first use. */
export function payloadClient(): Promise<Payload> {
  return getPayload({ config, cron: true })
}
