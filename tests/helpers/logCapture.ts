// A production logger (src/lib/log/logger.ts's options) writing into an array of parsed lines, for tests of what logs keep.
import { Writable } from 'node:stream'

import { pino } from 'pino'
import type { Logger } from 'pino'

import { productionLogOptions } from '@/lib/log/logger'

export function captureLog(): { log: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  return { log: pino(productionLogOptions('test'), stream), lines }
}
