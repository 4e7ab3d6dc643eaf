'use client'
// Error screens are nothing to index: crawlers that render pages see an empty container (the status
// code says it all). Decided in the browser, so the page around it can stay cached for everyone.
import type React from 'react'
import { useSyncExternalStore } from 'react'

import { isCrawler } from '@/lib/routing/agents'

const noop = () => () => undefined

export function HiddenFromCrawlers({ children }: { children: React.ReactNode }) {
  const hidden = useSyncExternalStore(noop, () => isCrawler(navigator.userAgent), () => false)
  return hidden ? <div className="error-screen" /> : children
}
