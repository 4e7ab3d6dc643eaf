import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { isSafeLinkUrl, unsafeLinks, withSafeLinks } from '@/lib/richtext/safeLinks'

function page(...urls: string[]) {
  return {
    root: {
      type: 'root',
      children: [
        {
          type: 'paragraph',
          children: urls.map((url) => ({ type: 'link', fields: { linkType: 'custom', url }, children: [{ type: 'text', text: `to ${url}` }] })),
        },
      ],
    },
  }
}

describe('links in rich text', () => {
  it('allows http, https, mailto and paths on the site', () => {
    for (const url of ['https://example.org/a', 'http://example.org', 'mailto:support@example.org', '/privacy', '/en/tariffs?plan=1', '#top', 'HTTPS://EXAMPLE.ORG']) {
      expect(isSafeLinkUrl(url), url).toBe(true)
    }
  })

  it('refuses what would run script or leave without a scheme, in the spellings browsers still run', () => {
    for (const url of ['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)', '\u0001javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', '//evil.example', '/\\evil.example', 'evil.example', 'ftp://example.org', '']) {
      expect(isSafeLinkUrl(url), JSON.stringify(url)).toBe(false)
    }
  })

  it('never allows a script scheme, whatever is mixed into it', () => {
    const noise = fc.array(fc.constantFrom('\t', '\n', '\r', ' ', '\u0000', '\u001f', '\u007f'), { maxLength: 3 }).map((chars) => chars.join(''))
    const scheme = fc.constantFrom('javascript', 'vbscript', 'data')
    fc.assert(
      fc.property(noise, scheme, fc.array(noise, { minLength: 1, maxLength: 10 }), fc.string(), (before, name, between, rest) => {
        const mixed = [...name].map((char, index) => (index % 3 === 0 ? char.toUpperCase() : char) + (between[index % between.length] ?? '')).join('')
        expect(isSafeLinkUrl(`${before}${mixed}:${rest}`)).toBe(false)
      }),
    )
  })

  it('lists the links a page may not have, and renders them as their text', () => {
    const stored = page('https://example.org', 'javascript:alert(1)', '/support')
    expect(unsafeLinks(stored)).toEqual(['javascript:alert(1)'])
    const shown = withSafeLinks(stored)
    expect(unsafeLinks(shown)).toEqual([])
    expect(JSON.stringify(shown)).toContain('to javascript:alert(1)')
    expect(JSON.stringify(shown)).not.toContain('"url":"javascript:')
  })

  it('reads an autolink’s address whatever link type it claims: it renders its url either way', () => {
    const crafted = { root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'autolink', fields: { linkType: 'internal', url: 'data:text/html,<script>alert(1)</script>' }, children: [{ type: 'text', text: 'x' }] }] }] } }
    expect(unsafeLinks(crafted)).toEqual(['data:text/html,<script>alert(1)</script>'])
    expect(JSON.stringify(withSafeLinks(crafted))).not.toContain('data:text/html')
    // A link to a document renders the document's address, not a url it may carry.
    const internal = { root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'link', fields: { linkType: 'internal', doc: { relationTo: 'pages', value: 1 } }, children: [] }] }] } }
    expect(unsafeLinks(internal)).toEqual([])
  })
})
