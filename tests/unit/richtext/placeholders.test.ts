// Tests for the placeholders editors put in page texts, filled from site settings when a page is shown.
import { describe, expect, it } from 'vitest'

import { fillPlaceholders, fillRichText, listPlaceholders } from '@/lib/richtext/placeholders'
import { lexicalToPlainText } from '@/lib/richtext/plainText'
import { toLexical } from '@/seed/lexical'

const vars = { siteName: 'VPN Keys', supportEmail: 'help@example.com' }

describe('placeholders', () => {
  it('lists placeholder names in order', () => {
    expect(listPlaceholders('{a} and {b_2}, not { c } or {}')).toEqual(['a', 'b_2'])
  })

  it('fills only the names it is given', () => {
    expect(fillPlaceholders('{a}-{b}', { a: 'x' })).toBe('x-{b}')
    expect(fillPlaceholders('{toString}', {})).toBe('{toString}')
  })
})

describe('fillRichText', () => {
  it('fills names in text and turns the support address into a mail link, keeping the text format', () => {
    const state = toLexical([{ type: 'paragraph', text: 'Write to {supportEmail} about {siteName}.' }])
    const bold = { ...state, root: { ...state.root, children: state.root.children.map((block) => ({ ...block, children: block.children.map((text) => ({ ...text, format: 1 })) })) } }
    const filled = fillRichText(bold, vars)
    const paragraph = filled.root.children[0] as unknown as { children: Record<string, unknown>[] }
    expect(paragraph.children.map((node) => node.type)).toEqual(['text', 'link', 'text'])
    expect(paragraph.children[0]).toMatchObject({ text: 'Write to ', format: 1 })
    expect(paragraph.children[1]).toMatchObject({ fields: { url: 'mailto:help@example.com', linkType: 'custom' }, children: [{ text: 'help@example.com', format: 1 }] })
    expect(paragraph.children[2]).toMatchObject({ text: ' about VPN Keys.' })
    expect(lexicalToPlainText(filled)).toBe('Write to help@example.com about VPN Keys.')
  })

  it('leaves the stored value as it was, and a placeholder inside a link stays plain text', () => {
    const state = toLexical([{ type: 'list', items: ['{supportEmail}'] }])
    const before = JSON.stringify(state)
    const filled = fillRichText(state, vars)
    expect(JSON.stringify(state)).toBe(before)
    expect(lexicalToPlainText(filled)).toBe('help@example.com')
    const linked = { root: { children: [{ type: 'paragraph', children: [{ type: 'link', children: [{ type: 'text', text: '{supportEmail}' }] }] }] } }
    expect(JSON.stringify(fillRichText(linked, vars))).toBe(JSON.stringify({ root: { children: [{ type: 'paragraph', children: [{ type: 'link', children: [{ type: 'text', text: 'help@example.com' }] }] }] } }))
  })
})
