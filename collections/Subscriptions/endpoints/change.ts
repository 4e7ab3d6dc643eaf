// POST /api/subscriptions/:id/change — staff extend a subscription for free or cancel it now, from its page in the
// admin (src/lib/billing/record/editorChange.ts). JSON in: `{ action: 'extend', date: 'YYYY-MM-DD' }` or `{ action: 'cancel' }`.
import type { PayloadHandler } from 'payload'
import { z } from 'zod'

import { adminLanguage, adminT } from '@/lib/admin/adminMessages'
import { adminDateTime } from '@/lib/admin/adminText'
import { EditorChangeError, changeByEditor } from '@/lib/billing/record/editorChange'
import { isCrossSiteRequest } from '@/lib/http/sameSite'
import { isStaff } from '../../access/roles'

const bodySchema = z.discriminatedUnion('action', [z.object({ action: z.literal('extend'), date: z.string().max(20) }), z.object({ action: z.literal('cancel') })])

export const changeEndpoint: PayloadHandler = async (req) => {
  const t = adminT(req)
  const language = adminLanguage(req)
  if (isCrossSiteRequest(req.headers)) return Response.json({ ok: false, error: 'crossSiteRequest' }, { status: 403 })
  if (!req.user || !isStaff(req.user)) return Response.json({ ok: false, error: t('subscriptionChange.forbidden') }, { status: 403 })
  const id = Number(req.routeParams?.id)
  const body = bodySchema.safeParse(await req.json?.().catch(() => null))
  if (!Number.isInteger(id)) return Response.json({ ok: false, error: t('subscriptionChange.unknown') }, { status: 404 })
  if (!body.success) return Response.json({ ok: false, error: t('subscriptionChange.dateInvalid') }, { status: 400 })
  const edit = body.data.action === 'extend' ? { kind: 'extend' as const, date: body.data.date } : { kind: 'cancel' as const }
  try {
    const next = await changeByEditor(req.payload, { subscriptionId: id, edit, by: req.user.email })
    const message = edit.kind === 'extend' ? t('subscriptionChange.extended', { date: adminDateTime(next.currentPeriodEnd!, language) }) : t('subscriptionChange.cancelled')
    return Response.json({ ok: true, message })
  } catch (error) {
    if (!(error instanceof EditorChangeError)) throw error
    const date = !error.bound ? null : error.reason === 'tooFar' ? error.bound.split('-').reverse().join('.') : adminDateTime(error.bound, language)
    const message = date ? t(`subscriptionChange.${error.reason}`, { date }) : t(`subscriptionChange.${error.reason}`)
    return Response.json({ ok: false, error: message }, { status: error.reason === 'provider' ? 502 : error.reason === 'unknown' ? 404 : 400 })
  }
}
