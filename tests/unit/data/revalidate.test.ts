import { describe, expect, it, vi } from 'vitest'

import type * as Revalidate from '@/lib/data/revalidate'
import { isRevalidateToken, revalidateToken } from '@/lib/data/revalidateToken'

describe('internal revalidation token', () => {
  it('is accepted only when derived from the same server secret', () => {
    const secret = 'x'.repeat(40)
    const token = revalidateToken(secret)
    expect(isRevalidateToken(token, secret)).toBe(true)
    expect(isRevalidateToken(revalidateToken('y'.repeat(40)), secret)).toBe(false)
    expect(isRevalidateToken(`${token.slice(0, -1)}A`, secret)).toBe(token.endsWith('A'))
    expect(isRevalidateToken(null, secret)).toBe(false)
    expect(isRevalidateToken('', secret)).toBe(false)
  })
})

type RouteCall = { url: string; token: string | null }

/**
 * Runs `work` as a background job inside the server on `port` would: fresh modules, fake timers, and the calls it
 * makes to the server's own route recorded.
 */
async function asJob(port: number, work: (revalidate: typeof Revalidate) => Promise<void>): Promise<RouteCall[]> {
  vi.resetModules()
  vi.useFakeTimers()
  const calls: RouteCall[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, token: new Headers(init.headers).get('x-revalidate-token') })
    return new Response(null, { status: 204 })
  })
  vi.stubEnv('NEXT_RUNTIME', 'nodejs')
  vi.stubEnv('PORT', String(port))
  vi.stubEnv('PAYLOAD_SECRET', 's'.repeat(40))
  try {
    await work(await import('@/lib/data/revalidate'))
    return calls
  } finally {
    vi.doUnmock('next/cache')
    vi.useRealTimers()
    vi.unstubAllGlobals()
    vi.unstubAllEnvs()
  }
}

describe('revalidating from a background job', () => {
  it('asks the server’s own internal route, with its token, once for a burst of changes', async () => {
    const calls = await asJob(4321, async ({ revalidatePublic }) => {
      // Outside a request, as in a job: revalidateTag cannot reach the cache, so the route is asked.
      for (let change = 0; change < 25; change += 1) revalidatePublic()
      await vi.advanceTimersByTimeAsync(600)
    })
    expect(calls).toEqual([{ url: 'http://127.0.0.1:4321/api/internal/revalidate', token: revalidateToken('s'.repeat(40)) }])
  })
})

describe('revalidating only what keys feed', () => {
  it('asks the route for the keys’ data after a burst of key changes, and for everything when anything else changed too', async () => {
    const calls = await asJob(4323, async ({ revalidatePublic }) => {
      for (let change = 0; change < 5; change += 1) revalidatePublic('keys')
      await vi.advanceTimersByTimeAsync(600)
      revalidatePublic('keys')
      revalidatePublic('all')
      revalidatePublic('keys')
      await vi.advanceTimersByTimeAsync(600)
      revalidatePublic('keys')
      await vi.advanceTimersByTimeAsync(600)
    })
    expect(calls.map((call) => call.url)).toEqual([
      'http://127.0.0.1:4323/api/internal/revalidate?scope=keys',
      'http://127.0.0.1:4323/api/internal/revalidate',
      'http://127.0.0.1:4323/api/internal/revalidate?scope=keys',
    ])
  })
})

describe('revalidating from a job started inside a cached render', () => {
  it('still reaches the pages through the internal route when Next refuses revalidateTag there', async () => {
    const tagged: string[] = []
    vi.doMock('next/cache', () => ({
      revalidateTag: (tag: string) => {
        tagged.push(tag)
        throw new Error(`Route "/[variant]/[locale]/list/[filter]/[count]": \`revalidateTag("${tag}")\` can't be called inside a cached function.`)
      },
    }))
    const calls = await asJob(4322, async ({ revalidatePublic }) => {
      expect(() => revalidatePublic()).not.toThrow()
      await vi.advanceTimersByTimeAsync(600)
    })
    expect(tagged).toEqual(['public-data'])
    expect(calls.map((call) => call.url)).toEqual(['http://127.0.0.1:4322/api/internal/revalidate'])
  })
})
