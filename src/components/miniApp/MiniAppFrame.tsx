'use client'
// Every React page inside the Mini App: Telegram's theme and back button, set again on each client-side navigation
// (the islands do the same on the pages served without React). Outside a Mini App it does nothing.
import { usePathname } from 'next/navigation'
import { useEffect } from 'react'

import { dressMiniAppPage } from '@/lib/browser/miniApp'

export function MiniAppFrame() {
  const pathname = usePathname()
  useEffect(() => {
    void dressMiniAppPage(window.location.pathname)
  }, [pathname])
  return null
}
