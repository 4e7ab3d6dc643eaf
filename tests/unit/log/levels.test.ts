import { GraphQLError } from 'graphql'
import { APIError, Forbidden, logError, NotFound } from 'payload'
import { describe, expect, it } from 'vitest'

import { refusalStatus } from '@/lib/log/logger'

import { captureLog } from '../../helpers/logCapture'

/** An error as the production build names it: the class name minified, as Payload's per-class levels never match. */
function minified<T extends Error>(error: T): T {
  Object.defineProperty(error, 'name', { value: 'o' })
  return error
}

describe('log levels of refused requests', () => {
  it('a 4xx logged by Payload as an error is one info line with its status, without a stack, whatever its class is called', () => {
    const { log, lines } = captureLog()
    const payload = { config: { loggingLevels: {} }, logger: log } as unknown as Parameters<typeof logError>[0]['payload']
    for (const err of [minified(new Forbidden()), minified(new NotFound()), minified(new APIError('tooManyRequests', 429, null, true))]) logError({ err, payload })
    expect(lines.map((line) => [line.level, line.status])).toEqual([
      ['info', 403],
      ['info', 404],
      ['info', 429],
    ])
    expect(lines[2]!.msg).toBe('tooManyRequests')
    expect(JSON.stringify(lines)).not.toContain('stack')
  })

  it('a refused GraphQL query (its resolver refused, or it never ran) is info too', () => {
    const { log, lines } = captureLog()
    log.error({ err: new GraphQLError('You are not allowed', { originalError: minified(new Forbidden()) }) })
    log.error({ err: new GraphQLError('The query exceeds the maximum complexity') })
    expect(lines.map((line) => [line.level, line.status])).toEqual([
      ['info', 403],
      ['info', 400],
    ])
  })

  it('a server error stays an error, with its stack', () => {
    const { log, lines } = captureLog()
    log.error({ err: minified(new APIError('database down', 500)) }, 'failed')
    log.error({ err: new Error('boom') })
    log.error(new GraphQLError('resolver crashed', { originalError: new Error('boom') }))
    expect(lines.map((line) => line.level)).toEqual(['error', 'error', 'error'])
    expect((lines[0]!.err as { stack?: string }).stack).toContain('database down')
  })

  it('the status decides, nothing else', () => {
    expect(refusalStatus({ status: 499 })).toBe(499)
    expect(refusalStatus({ status: 500 })).toBeNull()
    expect(refusalStatus({ status: '403' })).toBeNull()
    expect(refusalStatus(null)).toBeNull()
    expect(refusalStatus('Forbidden')).toBeNull()
  })
})
