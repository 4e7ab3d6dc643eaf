// How the site logs: in production one JSON line per event (time, level, message, the request's id), the same for
// Payload's logger (payload.config.ts) and the site's server (src/server); in development Payload's readable lines.
// Nothing secret reaches a line: e-mail addresses, passwords in URLs and bearer tokens are masked in every message
// and error, and the usual secret fields are redacted.
import { AsyncLocalStorage } from 'node:async_hooks'

import { pino, stdSerializers } from 'pino'
import type { Logger, LoggerOptions } from 'pino'

import { env } from '@/lib/env'

type RequestContext = { requestId: string }

const CONTEXT_KEY = Symbol.for('vpnkeys.requestContext')

/** The request being answered, for every log line written while it is (the server sets it; Next.js runs inside). */
export function requestContext(): AsyncLocalStorage<RequestContext> {
  const holder = globalThis as typeof globalThis & { [CONTEXT_KEY]?: AsyncLocalStorage<RequestContext> }
  holder[CONTEXT_KEY] ??= new AsyncLocalStorage<RequestContext>()
  return holder[CONTEXT_KEY]
}

const EMAIL = /[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}/g
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]{1,20}:\/\/)[^/\s:@]{1,256}:[^/\s@]{1,256}@/gi
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]{4,}/gi

/** A message with the secrets an error or a line may carry masked. */
export function scrub(text: string): string {
  return text.replace(URL_CREDENTIALS, '$1[redacted]@').replace(EMAIL, '[email]').replace(BEARER, '$1 [redacted]')
}

function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrub(value)
  if (depth > 4 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1))
  // Errors go to their serializer (below), which masks them; dates and buffers stay as they are.
  const prototype: unknown = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubValue(item, depth + 1)]))
}

const REDACTED_FIELDS = ['password', 'token', 'secret', 'apiToken', 'adminPassword', 'authorization', 'cookie', 'email', 'to']

/** pino's options for production: JSON lines, ISO times, level names, secrets masked, the request's id when there is one. */
export function productionLogOptions(name: string): LoggerOptions {
  return {
    name,
    level: env().LOG_LEVEL ?? 'info',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      log: (object) => scrubValue(object) as Record<string, unknown>,
    },
    serializers: { err: (error: unknown) => scrubValue({ ...stdSerializers.err(error as Error) }) },
    redact: { paths: REDACTED_FIELDS.flatMap((field) => [field, `*.${field}`]), censor: '[redacted]' },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrub(arg) : arg)) as Parameters<typeof method>)
      },
    },
    mixin: () => {
      const context = requestContext().getStore()
      return context ? { reqId: context.requestId } : {}
    },
  }
}

/** A production logger writing JSON lines to standard output. */
export function productionLogger(name: string): Logger {
  return pino(productionLogOptions(name))
}
