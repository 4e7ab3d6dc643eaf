'use client'
// The current time for client components, to the minute. Hydration uses the server's render time
// so the first client render matches the HTML; then the browser's clock takes over.
import { useSyncExternalStore } from 'react'

const MINUTE = 60_000

function subscribe(onChange: () => void): () => void {
  const timer = setInterval(onChange, MINUTE / 4)
  return () => clearInterval(timer)
}

function currentMinute(): number {
  return Math.floor(Date.now() / MINUTE) * MINUTE
}

export function useNow(renderedAt: number): number {
  return useSyncExternalStore(subscribe, currentMinute, () => renderedAt)
}
