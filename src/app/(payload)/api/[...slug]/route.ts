/* Payload REST API (Payload's standard wiring), refusing cross-site writes (login CSRF through /api/users/login)
   and never answering with the server's internal address. */
import config from '@payload-config'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST } from '@payloadcms/next/routes'

import { hideInternalUrl } from '@/lib/http/hideInternalUrl'
import { refuseCrossSite } from '@/lib/http/sameSite'

export const GET = hideInternalUrl(REST_GET(config))
export const POST = hideInternalUrl(refuseCrossSite(REST_POST(config)))
export const DELETE = hideInternalUrl(refuseCrossSite(REST_DELETE(config)))
export const PATCH = hideInternalUrl(refuseCrossSite(REST_PATCH(config)))
export const OPTIONS = REST_OPTIONS(config)
