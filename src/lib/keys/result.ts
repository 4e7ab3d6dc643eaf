// Constructors for ParseResult and the error builders throw, so parsers and builders share one code list.
import type { KeyParseError, ParseResult } from './types'

/**
 * Builders throw instead of returning a result: their input comes from our own code and
 * database, so a bad value there is a bug to surface loudly, not a user mistake to report.
 */
export class KeyFormatError extends Error {
  readonly code: KeyParseError

  constructor(code: KeyParseError, detail?: string) {
    super(detail ? `${code}: ${detail}` : code)
    this.name = 'KeyFormatError'
    this.code = code
  }
}

export function ok<T>(value: T): ParseResult<T> {
  return { ok: true, value }
}

export function fail<T>(error: KeyParseError): ParseResult<T> {
  return { ok: false, error }
}

/** Lets parsers reuse builder-side validators that throw, without try/catch at every call. */
export function attempt<T>(fn: () => T): ParseResult<T> {
  try {
    return ok(fn())
  } catch (error) {
    if (error instanceof KeyFormatError) return fail(error.code)
    throw error
  }
}
