// Tests for converting seed blocks to Payload's Lexical JSON and back to plain text.
import { describe, expect, it } from 'vitest'

import { lexicalToPlainText } from '@/lib/richtext/plainText'
import type { RichBlock } from '@/seed/lexical'
import { toLexical } from '@/seed/lexical'

const blocks: RichBlock[] = [
  { type: 'heading', text: 'Welcome to {siteName}' },
  { type: 'paragraph', text: 'Write to {supportEmail}.' },
  { type: 'list', items: ['first', 'second {unknown}'] },
]

const vars = { siteName: 'VPN Keys', supportEmail: 'help@example.com' }

describe('toLexical', () => {
  it('builds root → heading, paragraph, bullet list with text nodes', () => {
    const state = toLexical(blocks, vars)
    expect(state.root).toMatchObject({ type: 'root', version: 1, format: '', indent: 0 })
    expect(state.root.children.map((node) => node.type)).toEqual(['heading', 'paragraph', 'list'])

    const [heading, paragraph, list] = state.root.children
    expect(heading).toMatchObject({ type: 'heading', tag: 'h2', version: 1, direction: 'ltr' })
    expect(paragraph).toMatchObject({ type: 'paragraph', textFormat: 0, textStyle: '', version: 1 })
    expect(list).toMatchObject({ type: 'list', listType: 'bullet', tag: 'ul', start: 1, version: 1 })
    expect(list?.children.map((item) => item.type)).toEqual(['listitem', 'listitem'])
    expect(list?.children.map((item) => ('value' in item ? item.value : null))).toEqual([1, 2])
  })

  it('produces text nodes with the fields Lexical serializes', () => {
    const state = toLexical([{ type: 'paragraph', text: 'hello' }])
    const paragraph = state.root.children[0]
    expect(paragraph?.children[0]).toEqual({
      detail: 0,
      format: 0,
      mode: 'normal',
      style: '',
      text: 'hello',
      type: 'text',
      version: 1,
    })
  })

  it('serializes list items without a checked field, as Lexical does for bullet lists', () => {
    const json = JSON.parse(JSON.stringify(toLexical([{ type: 'list', items: ['a'] }])))
    expect(json.root.children[0].children[0]).not.toHaveProperty('checked')
  })

  it('fills known placeholders and leaves unknown ones alone', () => {
    const text = lexicalToPlainText(toLexical(blocks, vars))
    expect(text).toContain('Welcome to VPN Keys')
    expect(text).toContain('help@example.com')
    expect(text).toContain('{unknown}')
  })
})

describe('lexicalToPlainText', () => {
  it('round-trips blocks: blank line between blocks, one list item per line', () => {
    expect(lexicalToPlainText(toLexical(blocks))).toBe(
      'Welcome to {siteName}\n\nWrite to {supportEmail}.\n\nfirst\nsecond {unknown}',
    )
  })

  it('handles line breaks, nested lists and empty input', () => {
    const state = {
      root: {
        children: [
          {
            type: 'paragraph',
            children: [
              { type: 'text', text: 'a' },
              { type: 'linebreak' },
              { type: 'text', text: 'b' },
            ],
          },
          {
            type: 'list',
            children: [
              {
                type: 'listitem',
                children: [
                  { type: 'text', text: 'outer' },
                  { type: 'list', children: [{ type: 'listitem', children: [{ type: 'text', text: 'inner' }] }] },
                ],
              },
            ],
          },
          { type: 'paragraph', children: [] },
        ],
      },
    }
    expect(lexicalToPlainText(state)).toBe('a\nb\n\nouter\ninner')
    expect(lexicalToPlainText(null)).toBe('')
    expect(lexicalToPlainText(undefined)).toBe('')
    expect(lexicalToPlainText({ root: { children: [] } })).toBe('')
  })
})
