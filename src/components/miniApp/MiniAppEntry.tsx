'use client'
// The Mini App's entry (/telegram-app): hands the launch data Telegram gave the app to the site, which opens a session
// from it (src/app/api/auth/telegram-app), then goes to the page the launch asked for, in Telegram's colours.
import { useEffect, useState } from 'react'

import { applyTheme, launchFromHash, rememberMiniApp, telegramWebApp, themeOf } from '@/lib/browser/miniApp'

type Texts = Record<'opening' | 'outside' | 'invalid' | 'stale' | 'replayed' | 'failed', string>

const isAnswerError = (error: unknown, texts: Texts): error is keyof Texts => typeof error === 'string' && error in texts

export function MiniAppEntry({ texts }: { texts: Texts }) {
  const [message, setMessage] = useState(texts.opening)
  useEffect(() => {
    void (async () => {
      // Telegram puts the launch data in the page's address, and its script exposes it too (where it loads).
      const fromHash = launchFromHash(window.location.hash)
      const app = fromHash.initData ? null : await telegramWebApp()
      const initData = fromHash.initData ?? app?.initData ?? ''
      const theme = Object.keys(fromHash.theme).length > 0 ? fromHash.theme : themeOf(app?.themeParams)
      if (!initData) {
        setMessage(texts.outside)
        return
      }
      applyTheme(theme)
      const response = await fetch('/api/auth/telegram-app', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ initData }),
      }).catch(() => null)
      const answer = (response ? await response.json().catch(() => null) : null) as { ok?: boolean; next?: unknown; error?: unknown } | null
      if (answer?.ok && typeof answer.next === 'string' && /^\/(?!\/)/.test(answer.next)) {
        rememberMiniApp(answer.next, theme)
        window.location.replace(answer.next)
        return
      }
      setMessage(texts[isAnswerError(answer?.error, texts) ? answer.error : 'failed'])
    })()
  }, [texts])
  return (
    <p role="status" data-testid="mini-app-status">
      {message}
    </p>
  )
}
