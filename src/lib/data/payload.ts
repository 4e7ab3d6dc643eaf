// The Payload Local API client for server code (pages, route handlers, jobs).
import config from '@payload-config'
import { getPayload } from 'payload'
import type { Payload } from 'payload'

export function payloadClient(): Promise<Payload> {
  return getPayload({ config })
}
