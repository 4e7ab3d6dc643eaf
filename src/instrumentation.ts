// Runs once when the Next.js server starts, before it answers any request.
//
// Payload starts its job queue (rotation, health checks, e-mail) with the first getPayload() call. Made
// inside a page render, that call would tie every later job run to the render's context, where Next
// refuses cache revalidation ("revalidateTag can't be called inside a cached function") and the job
// fails after its work is done. Starting Payload here keeps the queue outside any request.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  const { payloadClient } = await import('@/edge/payload')
  try {
    const payload = await payloadClient()
    // `npm run dev` with the site's bot set: its updates by long polling (src/lib/bot/polling.ts).
    if (process.env.NODE_ENV === 'development') {
      const { startDevBot } = await import('@/lib/bot/polling')
      await startDevBot(payload)
    }
  } catch (error) {
    // The first request will try again; the site must still start if the database is late.
    console.error('Payload did not start with the server:', error instanceof Error ? error.message : error)
  }
}
