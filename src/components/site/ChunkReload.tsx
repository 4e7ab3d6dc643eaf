'use client'
// After a deploy, an old page may ask for scripts that no longer exist: reload once, at most every 10 seconds.
import { useEffect } from 'react'

const GUARD_KEY = 'chunk-reload-at'
const GUARD_MS = 10_000

export function isChunkLoadFailure(reason: unknown): boolean {
  const text = reason instanceof Error ? `${reason.name} ${reason.message}` : String(reason)
  return /ChunkLoadError|Loading chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(text)
}

export function reloadOnce(now = Date.now()): boolean {
  const last = Number(sessionStorage.getItem(GUARD_KEY) ?? 0)
  if (now - last < GUARD_MS) return false
  sessionStorage.setItem(GUARD_KEY, String(now))
  window.location.reload()
  return true
}

export function ChunkReload() {
  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      if (isChunkLoadFailure(event.error ?? event.message)) reloadOnce()
    }
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadFailure(event.reason)) reloadOnce()
    }
    window.addEventListener('error', onError)
    window.addEventListener('unhandledrejection', onRejection)
    return () => {
      window.removeEventListener('error', onError)
      window.removeEventListener('unhandledrejection', onRejection)
    }
  }, [])
  return null
}
