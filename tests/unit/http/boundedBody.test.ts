import { describe, expect, it } from 'vitest'

import { boundedBytes } from '@/lib/http/boundedBody'

/** A body sent in chunks, which announces no length; counts how many chunks were pulled from it. */
function chunked(chunks: number, size: number): { request: { headers: Headers; body: ReadableStream<Uint8Array> }; pulled: () => number } {
  let pulled = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close()
      pulled += 1
      controller.enqueue(new Uint8Array(size).fill(120))
    },
  }, { highWaterMark: 0 })
  return { request: { headers: new Headers(), body }, pulled: () => pulled }
}

describe('boundedBytes', () => {
  it('reads a body within the bound whole', async () => {
    const bytes = await boundedBytes(new Request('http://site.test/', { method: 'POST', body: 'email=a%40b.example' }), 1024)
    expect(new TextDecoder().decode(bytes!)).toBe('email=a%40b.example')
  })

  it('refuses a body announced larger than the bound without reading it', async () => {
    const { request, pulled } = chunked(10, 1024)
    request.headers.set('content-length', String(10 * 1024))
    expect(await boundedBytes(request, 4096)).toBeNull()
    expect(pulled()).toBe(0)
  })

  it('stops reading a body sent in chunks as soon as it passes the bound', async () => {
    const { request, pulled } = chunked(1000, 1024)
    expect(await boundedBytes(request, 4096)).toBeNull()
    // Five chunks of 1 KB pass 4 KB; the other 995 are never pulled.
    expect(pulled()).toBe(5)
  })

  it('reads a body sent in chunks up to the bound exactly', async () => {
    const { request } = chunked(4, 1024)
    expect((await boundedBytes(request, 4096))?.byteLength).toBe(4096)
  })
})
