// Promo codes in the integration tests: a code made as an editor makes one, and the plans page's check of it.
import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'

import type { PromoCode } from '@/payload-types'

/** A code of its own for each test (the database is shared across files and runs). */
export function uniqueCode(prefix: string): string {
  return `${prefix}${randomBytes(4).toString('hex')}`.toUpperCase()
}

export async function createPromo(payload: Payload, data: Partial<PromoCode> & Pick<PromoCode, 'kind'>): Promise<PromoCode> {
  return payload.create({ collection: 'promo-codes', data: { code: uniqueCode('T'), maxUsesPerBuyer: 1, ...data }, depth: 0 })
}

/** The plans page asking what a code makes of a plan (api/promo/check), from one network address and session. */
export async function checkPromoAt(fields: { code: string; plan: number | string; locale?: string }, { ip = '10.9.0.1', cookie }: { ip?: string; cookie?: string } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const { POST } = await import('@/app/api/promo/check/route')
  const form = new FormData()
  form.set('code', fields.code)
  form.set('plan', String(fields.plan))
  form.set('locale', fields.locale ?? 'ru')
  const response = await POST(new Request('http://localhost/api/promo/check', { method: 'POST', body: form, headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie, 'sec-fetch-site': 'same-origin' } : {}) } }))
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}
