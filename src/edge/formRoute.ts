// The one shape of the site's state-changing route handlers (forms and the account's JSON calls):
// refuse cross-site requests → read the body (form or JSON) → find the signed-in user → zod-parse, with the
// page's locale → call `src/lib` → answer with a redirect back to the site (on the own host the form was sent
// from: a mirror stays a mirror; see siteHosts.ts) or JSON.
import { NextResponse } from 'next/server'
import type { Payload } from 'payload'
import type { z } from 'zod'

import { localeOrDefault } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'
import { currentUser } from '@/edge/currentUser'
import { payloadClient } from '@/edge/payload'
import type { User } from '@/payload-types'

import { boundedBytes } from '@/lib/http/boundedBody'
import { refuseCrossSite } from '@/lib/http/sameSite'
import { requestOrigin, siteUrl } from '@/lib/http/siteUrl'

type Fields = Record<string, unknown>

type AuthMode = 'required' | 'optional' | 'none'

export type FormContext<Data, Params, Auth extends AuthMode = AuthMode> = {
  data: Data
  locale: Locale
  /** The signed-in user: always there when the route asks for `auth: 'required'`. */
  user: Auth extends 'required' ? User : User | null
  payload: Payload
  request: Request
  params: Params
  /** Whether the body came as JSON (the page's script) rather than a plain form post. */
  isJson: boolean
  /** The site's origin on the host the request came to (a mirror's, or SERVER_URL's): for links the answer gives out. */
  origin: string
  /** 303 to a path of the site in the request's language (what a form post answers). */
  redirect: (pathname: string, query?: Record<string, string>) => NextResponse
}

type Options<Schema extends z.ZodType, Params, Auth extends AuthMode> = {
  input: Schema
  /** `required`: without a session, forms go to the login page and JSON calls get 401. */
  auth: Auth
  handle: (context: FormContext<z.infer<Schema>, Params, Auth>) => Promise<Response>
  /** Input that does not parse; by default 400 `{ error }` with the first issue's message. */
  invalid?: (context: Omit<FormContext<never, Params, Auth>, 'data'> & { fields: Fields; error: string }) => Response | Promise<Response>
}

/** The site's forms and JSON calls carry an address, a plan, a device name: a few hundred bytes. */
export const FORM_MAX_BYTES = 64 * 1024

async function readFields(request: Request): Promise<{ fields: Fields; isJson: boolean }> {
  const isJson = (request.headers.get('content-type') ?? '').includes('application/json')
  // A larger body (only a crafted request sends one) is read no further and counts as an empty form: the route
  // answers it as it answers a form with nothing filled in.
  const bytes = await boundedBytes(request, FORM_MAX_BYTES).catch(() => null)
  if (bytes === null) return { fields: {}, isJson }
  const body = new Request(request.url, { method: 'POST', headers: request.headers, body: bytes })
  if (isJson) {
    const parsed: unknown = await body.json().catch(() => null)
    return { fields: parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Fields) : {}, isJson }
  }
  const form = await body.formData().catch(() => null)
  // Files are never part of these forms: only text fields are read.
  return { fields: form ? Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string')) : {}, isJson }
}

export function formRoute<Schema extends z.ZodType, Params = Record<string, never>, Auth extends AuthMode = AuthMode>(
  options: Options<Schema, Params, Auth>,
) {
  return refuseCrossSite(async (request: Request, route?: { params: Promise<Params> }): Promise<Response> => {
    const { fields, isJson } = await readFields(request)
    const locale = localeOrDefault(fields.locale)
    const origin = requestOrigin(request.headers)
    const redirect = (pathname: string, query?: Record<string, string>) => NextResponse.redirect(siteUrl(pathname, locale, query, origin), 303)
    const params = (route ? await route.params : {}) as Params
    const payload = await payloadClient()
    const user = options.auth === 'none' ? null : await currentUser(request.headers)
    if (options.auth === 'required' && !user) {
      return isJson ? NextResponse.json({ ok: false, error: 'unauthorized' }, { status: 401 }) : redirect('/login')
    }
    // Checked just above for `required`; the type says so to the handler.
    const base = { locale, user: user as FormContext<unknown, Params, Auth>['user'], payload, request, params, isJson, origin, redirect }
    const parsed = options.input.safeParse(fields)
    if (!parsed.success) {
      const error = parsed.error.issues[0]?.message ?? 'invalid'
      if (options.invalid) return options.invalid({ ...base, fields, error })
      return NextResponse.json({ ok: false, error }, { status: 400 })
    }
    return options.handle({ ...base, data: parsed.data })
  })
}
