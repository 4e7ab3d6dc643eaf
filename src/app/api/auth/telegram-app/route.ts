// POST from the Mini App's entry page (/telegram-app): the launch data Telegram gave the app (`initData`). Signed by
// Telegram for the site's bot and under a day old, it opens the account linked to that Telegram user (or a new one,
// as "Log in with Telegram" does) with a session, once: the same launch data again opens nothing, unless it comes
// with the session it opened (the app reloaded). Answers where to go: the page the launch asked for, else My servers.
import { NextResponse } from 'next/server'
import { z } from 'zod'

import type { Locale } from '@/i18n/locales'
import { signIn } from '@/lib/auth/signIn'
import { accountForTelegramLogin } from '@/lib/auth/telegramAccounts'
import { checkInitData, INIT_DATA_MAX_LENGTH } from '@/lib/auth/telegramInitData'
import { localeOfLanguageCode } from '@/lib/bot/language'
import { siteBotConfig } from '@/lib/bot/config'
import { chosenLanguage, claimLaunch } from '@/lib/bot/store'
import { formRoute } from '@/edge/formRoute'
import { localizedPath } from '@/lib/routing/localizedPath'

/** The pages a launch may ask for (`startapp` in the bot's link, `start_param` here): the account's and the plans. */
const LANDINGS = { servers: '/profile/servers', subscription: '/profile/subscription', preferences: '/profile/preferences', tariffs: '/tariffs' } as const

function landing(startParam: string | null, locale: Locale): string {
  const path = startParam && startParam in LANDINGS ? LANDINGS[startParam as keyof typeof LANDINGS] : LANDINGS.servers
  return localizedPath(path, locale)
}

export const POST = formRoute({
  input: z.object({ initData: z.string().max(INIT_DATA_MAX_LENGTH).catch('') }),
  auth: 'optional',
  handle: async ({ data, payload, user: current }) => {
    const config = siteBotConfig()
    if (!config) return NextResponse.json({ ok: false, error: 'unavailable' }, { status: 404 })
    const checked = checkInitData(data.initData, config.token)
    if (!checked.ok) return NextResponse.json({ ok: false, error: checked.reason === 'stale' ? 'stale' : 'invalid' }, { status: 401 })
    const { launch } = checked
    // The language the user chose in the bot, else their Telegram's.
    const chosen = await chosenLanguage(payload, launch.id)
    const locale = chosen ?? localeOfLanguageCode(launch.languageCode ?? undefined)
    const next = landing(launch.startParam, locale)
    if (!(await claimLaunch(payload, launch.hash))) {
      // The app reloaded with the session this launch opened: nothing new to open.
      if (current?.telegramId === String(launch.id)) return NextResponse.json({ ok: true, next })
      return NextResponse.json({ ok: false, error: 'replayed' }, { status: 409 })
    }
    const user = await accountForTelegramLogin(payload, launch, locale)
    return signIn(payload, user, NextResponse.json({ ok: true, next }))
  },
})
