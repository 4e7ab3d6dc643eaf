import { describe, expect, it } from 'vitest'

import { safeNextPath } from '@/lib/auth/safeNext'

// Known open-redirect payloads (many from public lists of bypasses): none may lead off the site.
const OFF_SITE = [
  '//example.org',
  '//example.org/phish',
  '/..//example.org/phish',
  '/../..//example.org',
  '/./..//example.org',
  '/%2e%2e//example.org',
  '/.%2e//example.org',
  '/\\example.org',
  '\\\\example.org',
  '/\\/example.org',
  '/%5Cexample.org',
  'https://example.org',
  'http:example.org',
  'javascript:alert(1)',
  'example.org',
  '/\texample.org',
  '/\n/example.org',
  '/ /example.org',
  '//example.org@site.test',
  '///example.org',
  '/%2F/example.org',
  '',
  '/'.repeat(600),
]

describe('safeNextPath', () => {
  it.each(OFF_SITE)('refuses %j or turns it into a path on this site', (payload) => {
    const result = safeNextPath(payload)
    if (result === null) return
    expect(result.startsWith('/')).toBe(true)
    expect(result.startsWith('//')).toBe(false)
    expect(result).not.toContain('\\')
    expect(new URL(result, 'https://site.test').origin).toBe('https://site.test')
  })

  it('refuses the payloads that normalize to another site', () => {
    expect(safeNextPath('/..//example.org/phish')).toBeNull()
    expect(safeNextPath('/%2e%2e//example.org')).toBeNull()
    expect(safeNextPath('//example.org')).toBeNull()
    expect(safeNextPath('/\\example.org')).toBeNull()
  })

  it('keeps paths on the site with their query', () => {
    expect(safeNextPath('/en/tariffs?plan=3')).toBe('/en/tariffs?plan=3')
    expect(safeNextPath('/profile/servers')).toBe('/profile/servers')
    expect(safeNextPath('/a/../profile')).toBe('/profile')
  })

  it('refuses what is not a string', () => {
    expect(safeNextPath(undefined)).toBeNull()
    expect(safeNextPath(['/profile'])).toBeNull()
  })
})
