// How the site logs: in production one JSON line per event (time, level, message, the request's id), the same for
// Payload's logger (payload.config.ts) and the site's server (src/server); in development Payload's readable lines.
// Nothing secret reaches a line: e-mail addresses, passwords in URLs and bearer tokens are masked in every message
// and error, and the usual secret fields are redacted.
import { AsyncLocalStorage } from 'node:async_hooks'

import { pino, stdSerializers } from 'pino'
import type { LogFn, Logger, LoggerOptions } from 'pino'

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
// Within one JSON string: the classes stop at quotes, backslashes and braces, so a mask never joins two values.
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]{1,20}:\/\/)[^/\s:@"\\{}]{0,256}:[^/\s@"\\{}]{1,256}@/gi
const BEARER = /\b(Bearer|Basic|JWT)\s+[\w.~+/=-]{4,}/gi
/** What follows a path segment that opens a secret: a subscription URL, an e-mail link, an admin password reset. */
const SECRET_PATH = /(\/(?:subscription|verify-email|reset)\/)[^?\s"'\\]+/gi

/** Text with the secrets an error or a line may carry masked. */
export function scrub(text: string): string {
  return text
    .replace(URL_CREDENTIALS, '$1[redacted]@')
    .replace(EMAIL, '[email]')
    .replace(BEARER, '$1 [redacted]')
    .replace(SECRET_PATH, '$1…')
}

/** A request's path as logs may keep it: no query (e-mail links carry tokens there), no secret, at most 200 characters. */
export function loggablePath(url: string): string {
  const queryStart = url.indexOf('?')
  return scrub(queryStart === -1 ? url : url.slice(0, queryStart)).slice(0, 200)
}

// Payload logs a failed job with its input (an e-mail job's holds a sign-in link) and an error with its query's parameters.
const REDACTED_FIELDS = ['password', 'token', 'secret', 'apiToken', 'adminPassword', 'authorization', 'cookie', 'email', 'to', 'input', 'params']

/**
 * The HTTP status an error answered with when it was the client's fault (4xx), else null. Payload's errors carry
 * `status`; a GraphQL error wraps the resolver's error, and one without any (a query refused before it ran: syntax,
 * complexity) is the client's too. Payload's own per-error levels (`loggingLevels`) match errors by class name,
 * which the production build minifies (`"type":"o"`), so the status decides instead.
 */
export function refusalStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null
  const { status, name, originalError } = error as { status?: unknown; name?: unknown; originalError?: unknown }
  const answered = typeof status === 'number' ? status : name === 'GraphQLError' ? (originalError ? (originalError as { status?: unknown }).status : 400) : null
  return typeof answered === 'number' && answered >= 400 && answered < 500 ? answered : null
}

/**
 * A refused request (403, 404, 429…) logged as an error becomes one info line with its status and message, no stack:
 * a stranger's refused requests must fill neither the disk nor the operator's error alerts. 5xx stay errors.
 */
function logRefusalsAsInfo(this: Logger, args: Parameters<LogFn>, method: LogFn, level: number): void {
  const [first, ...rest] = args as unknown[]
  if (level >= 50 && typeof first === 'object' && first !== null) {
    const error = first instanceof Error ? first : (first as { err?: unknown }).err
    const status = refusalStatus(error)
    if (status !== null) {
      const message = typeof rest[0] === 'string' ? rest[0] : String((error as { message?: unknown }).message ?? '')
      return void this.info({ status, refused: true }, message || 'refused')
    }
  }
  method.apply(this, args)
}

/** An error as a plain object, without the query parameters a database error carries. */
function serializeError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return String(error)
  const { params: _params, ...serialized } = { ...stdSerializers.err(error as Error) } as Record<string, unknown>
  return serialized
}

/**
 * pino's options for production: JSON lines, ISO times, level names, the request's id when there is one; secret fields
 * redacted, and every line masked as a whole (a message pino takes from an error never passes a formatter).
 */
export function productionLogOptions(name: string): LoggerOptions {
  return {
    name,
    level: env().LOG_LEVEL ?? 'info',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    serializers: { err: serializeError },
    redact: { paths: REDACTED_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]), censor: '[redacted]' },
    hooks: { streamWrite: scrub, logMethod: logRefusalsAsInfo },
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
