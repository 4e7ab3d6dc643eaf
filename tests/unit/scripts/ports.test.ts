// Free ports for the scripts and the tests (scripts/lib/ports.ts): the one wanted when it is free, another when
// something listens on it, and never the same one twice in a row.
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'

import { describe, expect, it } from 'vitest'

import { freePort } from '../../../scripts/lib/ports'

describe('free ports', () => {
  it('gives the wanted port when it is free, another when something listens on it', async () => {
    const listener = createServer()
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    const port = (listener.address() as AddressInfo).port
    try {
      const other = await freePort(port)
      expect(other).not.toBe(port)
      expect(other).toBeGreaterThan(0)
    } finally {
      await new Promise((resolve) => listener.close(resolve))
    }
    expect(await freePort(port)).toBe(port)
  })

  it('hands out a different port each time', async () => {
    const ports = await Promise.all(Array.from({ length: 5 }, () => freePort()))
    expect(new Set(ports).size).toBe(5)
  })
})
