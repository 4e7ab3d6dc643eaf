// After a deploy, an open page may ask for scripts that no longer exist: recognise that failure,
// and allow one reload per 10 seconds so a broken deploy cannot loop.
export const CHUNK_RELOAD_GUARD_MS = 10_000
const GUARD_KEY = 'chunk-reload-at'

export function isChunkLoadFailure(reason: unknown): boolean {
  const text = reason instanceof Error ? `${reason.name} ${reason.message}` : String(reason)
  return /ChunkLoadError|Loading chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
    text,
  )
}

export function shouldReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS
}

type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>

/** Reloads unless a reload happened within the guard; says whether it reloaded. */
export function reloadOnce(storage: GuardStorage, reload: () => void, now = Date.now()): boolean {
  const stored = storage.getItem(GUARD_KEY)
  if (!shouldReload(stored === null ? null : Number(stored), now)) return false
  storage.setItem(GUARD_KEY, String(now))
  reload()
  return true
}
