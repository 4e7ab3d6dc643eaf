// How many subscription polls naming no subscriber (404: a made-up token, a replaced link) one network address may
// send to the site's own server (src/server's fast path) in a minute, counted in this process's memory
// (rate-limiter-flexible). Each poll costs a statement on a pool of four connections before it is known to be
// wrong, so a flood of made-up tokens from one address must not make real subscribers' polls wait. A real app
// polls a replaced link a few times an hour; an address that has used its allowance up is answered 429 without
// anything being read until its minute ends. Polls with a right token are never counted: a mobile carrier's shared
// address may hold hundreds of subscribers. Addresses are counted as allowanceKey says (IPv6 by its /64).
import { RateLimiterMemory } from 'rate-limiter-flexible'

import { allowanceKey } from '@/lib/http/clientIp'

export const WRONG_POLLS_PER_MINUTE = 30

export type PollAllowance = {
  /** Null when `ip` may poll now, else the seconds until it may. */
  refusal: (ip: string) => Promise<number | null>
  /** Counts a poll from `ip` that named no subscriber. */
  recordMiss: (ip: string) => Promise<void>
}

export function pollAllowance(perMinute: number = WRONG_POLLS_PER_MINUTE): PollAllowance {
  const misses = new RateLimiterMemory({ keyPrefix: 'poll-miss', points: perMinute, duration: 60 })
  return {
    refusal: async (ip) => {
      const counted = await misses.get(allowanceKey(ip))
      return counted && counted.consumedPoints >= perMinute ? Math.max(1, Math.ceil(counted.msBeforeNext / 1000)) : null
    },
    recordMiss: async (ip) => {
      await misses.penalty(allowanceKey(ip), 1)
    },
  }
}
