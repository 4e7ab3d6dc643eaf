'use client'
// Listens for failed script loads anywhere on the page and reloads once (see lib/chunkReload).
import { useEffect } from 'react'

import { isChunkLoadFailure, reloadOnce } from '@/lib/browser/chunkReload'

export function reloadPageOnce(): void {
  reloadOnce(sessionStorage, () => window.location.reload())
}

export function ChunkReload() {
  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      if (isChunkLoadFailure(event.error ?? event.message)) reloadPageOnce()
    }
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadFailure(event.reason)) reloadPageOnce()
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
