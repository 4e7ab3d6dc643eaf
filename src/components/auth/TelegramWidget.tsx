'use client'
// Telegram's Login Widget script, added once the page is in the browser: the widget puts its button where its script
// element is, and a script React renders on a client-side navigation never runs, so it is made here, on every mount.
import { useEffect, useRef } from 'react'

/** Telegram's widget script, as its page gives it. */
export const TELEGRAM_WIDGET_SCRIPT = 'https://telegram.org/js/telegram-widget.js?22'

export function TelegramWidget({ bot, authUrl, lang }: { bot: string; authUrl: string; lang: string }) {
  const holder = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = holder.current
    if (!element) return
    const script = document.createElement('script')
    script.async = true
    script.src = TELEGRAM_WIDGET_SCRIPT
    Object.entries({ 'data-telegram-login': bot, 'data-size': 'large', 'data-lang': lang, 'data-request-access': 'write', 'data-auth-url': authUrl }).forEach(([name, value]) =>
      script.setAttribute(name, value),
    )
    element.replaceChildren(script)
    return () => element.replaceChildren()
  }, [bot, authUrl, lang])
  return <div ref={holder} />
}
