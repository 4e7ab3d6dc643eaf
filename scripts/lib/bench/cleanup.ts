// Stops what the bench started (server, browser) on normal exit and on Ctrl-C alike.
type Cleanup = () => Promise<void> | void

const cleanups = new Set<Cleanup>()
let interrupted = false

/** Registers a cleanup; the returned function removes it once its owner has cleaned up itself. */
export function onCleanup(cleanup: Cleanup): () => void {
  cleanups.add(cleanup)
  return () => cleanups.delete(cleanup)
}

/** Runs the cleanups newest first, so a browser goes before the server it was pointed at. */
export async function runCleanups(): Promise<void> {
  const pending = [...cleanups].reverse()
  cleanups.clear()
  for (const cleanup of pending) {
    try {
      await cleanup()
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
}

/** A `finally` does not run when a signal ends the process, so signals clean up explicitly. */
export function cleanUpOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      // A second Ctrl-C while the cleanup hangs is the user insisting: leave at once.
      if (interrupted) {
        console.error(`${signal} again: exiting without waiting (the server may be left running).`)
        process.exit(130)
      }
      interrupted = true
      console.error(`\n${signal}: stopping the server…`)
      void runCleanups().finally(() => process.exit(130))
    })
  }
}
