// POST from the Login Widget's landing page (/login/telegram): the visitor pressed the button there, so a link alone
// signs nobody in. The widget's fields come back as Telegram sent them (`data`, its query string); signed by
// Telegram for this bot and under a day old, they open the account linked to that Telegram user or a new one, once.
import { NextResponse } from 'next/server'
import { z } from 'zod'

import { signIn } from '@/lib/auth/signIn'
import { accountForTelegramLogin } from '@/lib/auth/telegramAccounts'
import { siteBotConfig } from '@/lib/bot/config'
import { claimLaunch } from '@/lib/bot/store'
import { formRoute } from '@/edge/formRoute'
import { siteUrl } from '@/lib/http/siteUrl'
import { checkLogin } from '@/lib/auth/telegramLoginWidget'

export const POST = formRoute({
  input: z.object({ data: z.string().max(4096).catch('') }),
  auth: 'optional',
  handle: async ({ data, payload, locale, origin, redirect, user: current }) => {
    const config = siteBotConfig()
    if (!config) return redirect('/login/telegram-failed')
    const fields = Object.fromEntries(new URLSearchParams(data.data))
    const checked = checkLogin(fields, config.token)
    if (!checked.ok) return redirect('/login/telegram-failed')
    const servers = NextResponse.redirect(siteUrl('/profile/servers', locale, undefined, origin), 303)
    // Once, as a Mini App launch: the same answer again (from a log or a browser's history) opens nothing, unless it
    // comes with the session it opened (the button pressed twice).
    if (!(await claimLaunch(payload, String(fields.hash)))) return current?.telegramId === String(checked.login.id) ? servers : redirect('/login/telegram-failed')
    const user = await accountForTelegramLogin(payload, checked.login, locale)
    return signIn(payload, user, servers)
  },
})
