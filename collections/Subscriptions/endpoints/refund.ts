// POST /api/subscriptions/:id/refund — admins return money from one of the subscription's payments
// (src/lib/billing/record/refund.ts). JSON in: the payment's reference and the amount in rubles as typed ("149" or "149,50").
// Admins only: money leaves the business, so editors (who run the content) ask an admin.
import { Api } from 'grammy'
import type { PayloadHandler, PayloadRequest } from 'payload'
import { z } from 'zod'

import { adminT } from '@/lib/admin/adminMessages'
import { formatRubles, parseRubles } from '@/lib/billing/rules/pricing'
import { RefundError, refundPayment } from '@/lib/billing/record/refund'
import { isCrossSiteRequest } from '@/lib/http/sameSite'
import { formatMoney } from '@/lib/billing/rules/pricing'
import { STARS_PROVIDER, StarsRefundError, refundStarsPayment } from '@/lib/billing/providers/stars'
import { siteBotConfig } from '@/lib/bot/config'
import { isAdminUser } from '../../access/roles'

const bodySchema = z.object({ payment: z.string().min(1).max(200), amount: z.string().max(40) })

export const refundEndpoint: PayloadHandler = async (req) => {
  const t = adminT(req)
  const language = req.i18n?.language === 'en' ? 'en' : 'ru'
  if (isCrossSiteRequest(req.headers)) return Response.json({ ok: false, error: 'crossSiteRequest' }, { status: 403 })
  if (!req.user || !isAdminUser(req.user)) return Response.json({ ok: false, error: t('refund.forbidden') }, { status: 403 })
  const id = Number(req.routeParams?.id)
  const body = bodySchema.safeParse(await req.json?.().catch(() => null))
  if (!Number.isInteger(id) || !body.success) return Response.json({ ok: false, error: t('refund.unknownPayment') }, { status: 400 })
  const subscription = await req.payload.findByID({ collection: 'subscriptions', id, depth: 0, disableErrors: true, select: { provider: true } })
  if (subscription?.provider?.name === STARS_PROVIDER) return refundStars(req, id, body.data.payment)
  const amountKopecks = parseRubles(body.data.amount)
  try {
    const { refundedKopecks } = await refundPayment(req.payload, { subscriptionId: id, reference: body.data.payment, amountKopecks: amountKopecks ?? NaN, by: req.user.email })
    return Response.json({ ok: true, refundedKopecks, message: t('refund.done', { amount: formatRubles(amountKopecks!, language) }) })
  } catch (error) {
    if (!(error instanceof RefundError)) throw error
    const message =
      error.reason === 'amount' ? t('refund.amountInvalid', { max: formatRubles(Math.max(error.remainingKopecks ?? 0, 0), language) }) : t(`refund.${error.reason}`)
    return Response.json({ ok: false, error: message }, { status: error.reason === 'provider' ? 502 : 400 })
  }
}

/** A payment in Telegram Stars: all of it, through the site's bot (src/lib/billing/providers/stars.ts); the access it paid for ends. */
async function refundStars(req: PayloadRequest, subscriptionId: number, reference: string): Promise<Response> {
  const t = adminT(req)
  const language = req.i18n?.language === 'en' ? 'en' : 'ru'
  const config = siteBotConfig()
  if (!config) return Response.json({ ok: false, error: t('refund.noBot') }, { status: 400 })
  try {
    const { stars } = await refundStarsPayment(req.payload, new Api(config.token, { apiRoot: config.apiRoot }), { subscriptionId, reference, by: req.user!.email })
    return Response.json({ ok: true, message: t('refund.done', { amount: formatMoney(stars, 'XTR', language) }) })
  } catch (error) {
    if (!(error instanceof StarsRefundError)) throw error
    const message = error.reason === 'refunded' ? t('refund.starsRefunded') : t(`refund.${error.reason}`)
    return Response.json({ ok: false, error: message }, { status: error.reason === 'provider' ? 502 : 400 })
  }
}
