import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

import { blockYaml } from '@/lib/text/blockYaml'

describe('block YAML', () => {
  it('writes nested mappings and sequences in block style, words bare and the rest quoted', () => {
    expect(blockYaml({ 'mixed-port': 7890, proxies: [{ name: 'DE 1', udp: true, 'ws-opts': { headers: { Host: 'a' } }, uuid: '6f1c2b3a-1c3e' }], empty: [], none: {}, rules: ['MATCH,Выбор сервера'] })).toBe(
      [
        'mixed-port: 7890',
        'proxies:',
        '  - name: DE 1',
        '    udp: true',
        '    ws-opts:',
        '      headers:',
        '        Host: a',
        '    uuid: "6f1c2b3a-1c3e"',
        'empty: []',
        'none: {}',
        'rules:',
        '  - MATCH,Выбор сервера',
        '',
      ].join('\n'),
    )
  })

  it('keeps values that a YAML reader would take for another type or structure as the strings they are', () => {
    // E6 and e-3: the property test found that a YAML 1.1 reader took a bare exponent for a number (NaN).
    const tricky = { no: 'no', Off: 'NULL', y: '~', '1e3': '1e3', E6: 'e-3', 'a: b': '- c', 'a #b': 'x:', '#': '#x', nl: 'a\nb', ls: 'a\u2028b\u0085c', quote: '"\'\\', '': '', trailing: 'a ', twice: 'a  b' }
    expect(parse(blockYaml(tricky))).toEqual(tricky)
    expect(parse(blockYaml(tricky), { version: '1.1' })).toEqual(tricky)
    expect(blockYaml({ x: 'a\u2028b' })).toBe('x: "a\\u2028b"\n')
  })

  it('is read back as the same data by YAML 1.2 and 1.1 readers (Mihomo; Stash and older Clash), whatever the data (property)', () => {
    const plain = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.string({ unit: 'binary' }),
        // Mostly words, to reach the bare form.
        fc.stringMatching(/^[A-Za-zА-я][\w .,:#@/+-]{0,12}$/),
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.oneof(fc.string({ unit: 'binary' }), fc.stringMatching(/^[A-Za-z][\w -]{0,8}$/)), tie('value'), { maxKeys: 4 }),
      ),
    })).value
    fc.assert(
      fc.property(plain, (value) => {
        const written = blockYaml(value as never)
        expect(parse(written)).toEqual(value)
        expect(parse(written, { version: '1.1' })).toEqual(value)
      }),
      { numRuns: 500 },
    )
  })

  it('refuses numbers YAML cannot carry rather than writing something else', () => {
    expect(() => blockYaml({ x: Number.NaN })).toThrow(TypeError)
  })
})
