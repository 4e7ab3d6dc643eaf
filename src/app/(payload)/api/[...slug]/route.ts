/* Payload REST API (Payload's standard wiring), refusing cross-site writes (login CSRF through /api/users/login). */
import config from '@payload-config'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST } from '@payloadcms/next/routes'

import { refuseCrossSite } from '@/lib/http/sameSite'

export const GET = REST_GET(config)
export const POST = refuseCrossSite(REST_POST(config))
export const DELETE = refuseCrossSite(REST_DELETE(config))
export const PATCH = refuseCrossSite(REST_PATCH(config))
export const OPTIONS = REST_OPTIONS(config)
