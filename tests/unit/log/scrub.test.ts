import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { loggablePath, requestContext, scrub } from '@/lib/log/logger'

import { captureLog } from '../../helpers/logCapture'

describe('production logs', () => {
  it('write one JSON line per event with an ISO time, the level by name, the message and the request id', () => {
    const { log, lines } = captureLog()
    requestContext().run({ requestId: 'req-12345678' }, () => log.info('rendered'))
    log.warn({ job: 7 }, 'job run')
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'rendered', reqId: 'req-12345678', name: 'test' })
    expect(new Date(lines[0]!.time as string).toISOString()).toBe(lines[0]!.time)
    expect(lines[1]).toMatchObject({ level: 'warn', msg: 'job run', job: 7 })
    expect(lines[1]).not.toHaveProperty('reqId')
  })

  it('keep no e-mail address, URL password, bearer token or secret field, in messages, objects or errors', () => {
    const { log, lines } = captureLog()
    log.warn('Mail to visitor@mail.example not sent now; queued for retry')
    log.error({ err: new Error('connect to postgres://vpnkeys:hunter2@db:5432/vpnkeys failed for owner@mail.example') }, 'query failed')
    log.info({ user: { email: 'a@b.example', password: 'pw-123456' }, note: 'Authorization: Bearer abcdef123456' }, 'detail')
    const written = JSON.stringify(lines)
    for (const secret of ['visitor@mail.example', 'hunter2', 'owner@mail.example', 'a@b.example', 'pw-123456', 'abcdef123456']) expect(written).not.toContain(secret)
    expect((lines[1]!.err as { message: string }).message).toBe('connect to postgres://[redacted]@db:5432/vpnkeys failed for [email]')
    log.warn('redis://:r3dis-pass@cache:6379 unreachable')
    expect(lines[3]!.msg).toBe('redis://[redacted]@cache:6379 unreachable')
    expect((lines[1]!.err as { stack: string }).stack).toContain('Error: connect to postgres://[redacted]@db')
  })

  it('keep no sign-in link of a failed e-mail job, no query parameter of a database error, and mask a message taken from an error', () => {
    const { log, lines } = captureLog()
    log.error({ err: new Error('boom'), job: { id: 9, input: { to: 'x@y.example', html: 'https://site.example/verify-email/SECRETCODE1' } } }, 'job failed')
    log.error(Object.assign(new Error('Failed query: select … params: a@b.example,tok123'), { params: ['a@b.example', 'tok123'] }))
    log.error({ err: 'plain text error' }, 'odd')
    const written = JSON.stringify(lines)
    for (const secret of ['SECRETCODE1', 'x@y.example', 'a@b.example', '"tok123"']) expect(written).not.toContain(secret)
    expect(lines[1]!.msg).toBe('Failed query: select … params: [email],tok123')
    expect(lines[2]!.err).toBe('plain text error')
  })

  it('mask any e-mail address a message carries, wherever it sits', () => {
    const local = fc.stringMatching(/^[a-z0-9][a-z0-9.+_-]{0,20}$/)
    const domain = fc.stringMatching(/^[a-z0-9-]{1,15}(\.[a-z0-9-]{1,10}){1,3}$/)
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), local, domain, fc.string({ maxLength: 60 }), (before, name, host, after) => {
        const address = `${name}@${host}`
        expect(scrub(`${before} ${address} ${after}`)).not.toContain(address)
      }),
    )
  })
})

describe('loggablePath', () => {
  it('keeps neither the query nor the secret of a subscription URL or an e-mail confirmation link', () => {
    expect(loggablePath('/api/auth/confirm?token=secret-token-1234')).toBe('/api/auth/confirm')
    expect(loggablePath('/api/subscription/12/Zx81kLm0pq/clash')).toBe('/api/subscription/…')
    expect(loggablePath('/api/subscription//12/Zx81kLm0pq')).toBe('/api/subscription/…')
    expect(loggablePath('/en/subscription/12/Zx81kLm0pq')).toBe('/en/subscription/…')
    expect(loggablePath('/verify-email/c0de-c0de')).toBe('/verify-email/…')
    expect(loggablePath('/admin/reset/5f0c1d2e3a')).toBe('/admin/reset/…')
    expect(loggablePath('/keys/42')).toBe('/keys/42')
  })

  it('never keeps a subscription token, whatever surrounds it, and never more than 200 characters', () => {
    const token = fc.stringMatching(/^[A-Za-z0-9_-]{12,40}$/)
    fc.assert(
      fc.property(fc.constantFrom('/api', '', '/en'), fc.nat(), token, fc.string({ maxLength: 40 }), fc.string({ maxLength: 400 }), (prefix, user, secret, suffix, query) => {
        const logged = loggablePath(`${prefix}/subscription/${user}/${secret}${suffix}?${query}`)
        expect(logged).not.toContain(secret)
        expect(logged.length).toBeLessThanOrEqual(200)
      }),
    )
  })
})

describe('scrub on a whole JSON line', () => {
  it('never joins two values: the line stays JSON with each value masked in place', () => {
    const line = JSON.stringify({ u: 'smtp://h:587', err: { m: 'a@b.example' }, v: 'postgres://u:p@db/x' })
    const masked = scrub(line)
    expect(JSON.parse(masked)).toEqual({ u: 'smtp://h:587', err: { m: '[email]' }, v: 'postgres://[redacted]@db/x' })
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('smtp://h:1', 'x:y@z', 'a://b:c@d', '/subscription/1/t', 'q@w.example'))), (object) => {
        expect(() => JSON.parse(scrub(JSON.stringify(object)))).not.toThrow()
      }),
    )
  })
})
