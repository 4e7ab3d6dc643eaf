// What the probes' two routes share: the probe named by the request's token, within the address's allowance, or the
// answer refusing it. A probe is a program, not a browser: it carries its token in Authorization, never a cookie, so a
// cross-site page cannot make a visitor's browser speak for it.
import type { Payload } from 'payload'

import { clientIp } from '@/lib/http/clientIp'
import { consumeIpAllowance } from '@/lib/http/rateLimit'

import { probeOf } from './rounds'
import type { Probe } from './rounds'

const NO_STORE = { 'Cache-Control': 'no-store' }

export async function probeOrRefusal(payload: Payload, request: Request): Promise<{ probe: Probe } | { refusal: Response }> {
  const allowance = await consumeIpAllowance(payload, 'probe', clientIp(request.headers))
  if (!allowance.ok) {
    return { refusal: Response.json({ error: 'rate_limited' }, { status: 429, headers: { ...NO_STORE, 'Retry-After': String(allowance.retryAfterSeconds) } }) }
  }
  const probe = await probeOf(payload, request.headers.get('authorization'))
  if (!probe) return { refusal: Response.json({ error: 'unknown_probe' }, { status: 401, headers: { ...NO_STORE, 'WWW-Authenticate': 'Bearer' } }) }
  return { probe }
}

export { NO_STORE }
