// The job runner's tick as the cron pattern Payload's runner and the every-tick tasks are scheduled on.
import { describe, expect, it } from 'vitest'

import { tickCron } from '@/lib/queue/tick'

describe('tickCron', () => {
  it('is a minute by default and every N seconds when a test site shortens it', () => {
    expect(tickCron(60)).toBe('* * * * *')
    expect(tickCron(10)).toBe('*/10 * * * * *')
    expect(tickCron(5)).toBe('*/5 * * * * *')
  })
})
