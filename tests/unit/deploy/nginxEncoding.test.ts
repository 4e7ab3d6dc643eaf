// nginx's Accept-Encoding rule (deploy/nginx/default.conf.template), read from the template and run as the same
// regular expression: which headers get the app's gzip copy, and that any header nginx lets through is read in time
// linear in its length (two \s* in a row once made `gzip` and 8,000 spaces quadratic).
import { readFileSync } from 'node:fs'
import path from 'node:path'

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

const template = readFileSync(path.resolve(import.meta.dirname, '../../../deploy/nginx/default.conf.template'), 'utf8')
const source = /map \$http_accept_encoding \$vpnkeys_encoding \{\s*"~\*([^"]+)"\s+gzip;/.exec(template)?.[1]
// nginx's "~*" is a case-insensitive PCRE; this pattern means the same in JavaScript.
const rule = new RegExp(source ?? '(?!)', 'i')

/**
 * The time of 20 matches, the least of five tries: a pause of the machine's (another process, a garbage collection)
 * only ever adds time, so the least is the rule's own cost (one try each once failed a linear rule at 10.8 ms against
 * 8.5 allowed on a busy machine).
 */
function spent(value: string): number {
  let least = Infinity
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const started = performance.now()
    for (let round = 0; round < 20; round += 1) rule.test(value)
    least = Math.min(least, performance.now() - started)
  }
  return least
}

describe('nginx: which browsers get the gzip copy', () => {
  it('is found in the template', () => {
    expect(source).toBeDefined()
  })

  it('takes gzip unless its weight is zero, in the spellings browsers and proxies send', () => {
    for (const value of ['gzip', 'gzip, deflate, br, zstd', 'br;q=1.0, gzip;q=0.8, *;q=0.1', 'GZIP', ' gzip', 'br, gzip ', 'gzip ;q=0.5', 'gzip; q=1.000 ,br', 'gzip;q=0.001']) {
      expect(rule.test(value), value).toBe(true)
    }
    for (const value of ['', 'deflate', 'br', 'x-gzip', 'gzipx', 'gzip;q=0', 'gzip;q=0.000', 'identity']) expect(rule.test(value), value).toBe(false)
  })

  it('reads any header up to nginx’s 8 KB in time linear in its length (a ratio against a quarter of it)', () => {
    const unit = fc.constantFrom(' ', ',', ';', 'gzip', 'gzip ', 'gzip;', ';q=0', ' ;q=0.5 ', '\t', 'gzip;q=0.')
    fc.assert(
      fc.property(fc.array(unit, { minLength: 1, maxLength: 3 }), fc.constantFrom('', 'x', ',', ';'), (units, tail) => {
        const shape = (length: number) => `gzip${units.join('').repeat(Math.ceil(length / units.join('').length))}`.slice(0, length) + tail
        spent(shape(2_000))
        const small = spent(shape(2_000))
        // Linear: about 4 times; the old rule took 16 times on a run of spaces.
        expect(spent(shape(8_000)), JSON.stringify(units)).toBeLessThanOrEqual(small * 8 + 5)
      }),
      { numRuns: 60 },
    )
  })
})
