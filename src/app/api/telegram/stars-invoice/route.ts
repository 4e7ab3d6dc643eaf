// POST from the plans page inside the Mini App: a Telegram Stars invoice for the chosen plan, made for the Telegram user
// the signed-in account is linked to (src/lib/bot/starsInvoice.ts), which the page opens in Telegram's own payment
// form (WebApp.openInvoice). The payment then reaches the bot's webhook as any Stars payment does. Answers JSON.
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { siteBotConfig } from '@/lib/bot/config'
import { miniAppInvoice } from '@/lib/bot/starsInvoice'
import { formRoute } from '@/edge/formRoute'

const STATUS = { unavailable: 404, notOnSale: 400, alreadyVip: 409, tooFast: 429, promo: 400 } as const

export const POST = formRoute({
  input: z.object({ plan: z.coerce.number().int().positive().catch(0), promo: z.string().max(100).catch('') }),
  auth: 'required',
  handle: async ({ data, user, payload, locale }) => {
    const answer = await miniAppInvoice(payload, siteBotConfig(), { user, planId: data.plan, locale, promo: data.promo })
    return NextResponse.json(answer, { status: answer.ok ? 200 : STATUS[answer.error] })
  },
})
