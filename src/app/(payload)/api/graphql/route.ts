/* Payload GraphQL API (Payload's standard wiring), refusing cross-site requests like the REST API. */
import config from '@payload-config'
import { GRAPHQL_POST, REST_OPTIONS } from '@payloadcms/next/routes'

import { refuseCrossSite } from '@/lib/http/sameSite'

export const POST = refuseCrossSite(GRAPHQL_POST(config))
export const OPTIONS = REST_OPTIONS(config)
