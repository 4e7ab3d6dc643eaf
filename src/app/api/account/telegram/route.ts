// POST: the signed-in user's Telegram link. `link` makes a one-time link to the bot (Start there links the Telegram
// account that pressed it: src/lib/auth/telegramAccounts.ts) and goes to it; `unlink` ends the link where the account
// has an e-mail to sign in with; `notices-on` and `notices-off` choose whether notices come by the bot or by e-mail.
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { LINK_START_PREFIX, telegramLinkToken, unlinkTelegram } from '@/lib/auth/telegramAccounts'
import { botStartLink, siteBotUsername } from '@/lib/bot/identity'
import { formRoute } from '@/edge/formRoute'

export const POST = formRoute({
  input: z.object({ action: z.enum(['link', 'unlink', 'notices-on', 'notices-off'], { error: 'invalidValue' }) }),
  auth: 'required',
  handle: async ({ data, user, payload, locale, isJson, redirect }) => {
    if (data.action === 'notices-on' || data.action === 'notices-off') {
      const on = data.action === 'notices-on'
      await payload.update({ collection: 'users', id: user.id, data: { telegramNotices: on }, user, overrideAccess: false, depth: 0 })
      if (isJson) return NextResponse.json({ ok: true, notices: on })
      return redirect('/profile/preferences', { telegram: on ? 'notices-on' : 'notices-off' })
    }
    if (data.action === 'unlink') {
      const done = await unlinkTelegram(payload, user)
      if (isJson) return NextResponse.json({ ok: done }, { status: done ? 200 : 409 })
      return redirect('/profile/preferences', { telegram: done ? 'unlinked' : 'failed' })
    }
    const username = await siteBotUsername()
    if (!username) return isJson ? NextResponse.json({ ok: false, error: 'unavailable' }, { status: 503 }) : redirect('/profile/preferences', { telegram: 'failed' })
    const link = botStartLink(username, `${LINK_START_PREFIX}${await telegramLinkToken(payload, user, locale)}`)
    return isJson ? NextResponse.json({ ok: true, link }) : NextResponse.redirect(link, 303)
  },
})
