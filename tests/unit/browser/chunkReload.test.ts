import { describe, expect, it, vi } from 'vitest'

import { isChunkLoadFailure, reloadOnce } from '@/lib/browser/chunkReload'

function memoryStorage() {
  const values = new Map<string, string>()
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) }
}

describe('chunk load failures', () => {
  it('are recognised from webpack, Turbopack and browser module errors', () => {
    const chunkError = Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' })
    expect(isChunkLoadFailure(chunkError)).toBe(true)
    expect(isChunkLoadFailure(new TypeError('Failed to fetch dynamically imported module: /_next/x.js'))).toBe(true)
    expect(isChunkLoadFailure(new Error('Cannot read properties of undefined'))).toBe(false)
  })

  it('reload the page once, then not again within 10 seconds', () => {
    const storage = memoryStorage()
    const reload = vi.fn()
    expect(reloadOnce(storage, reload, 1_000)).toBe(true)
    expect(reloadOnce(storage, reload, 9_000)).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(reloadOnce(storage, reload, 11_000)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })
})
