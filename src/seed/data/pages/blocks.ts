// Short constructors for the rich-text blocks the seeded document pages are written in.
import type { RichBlock } from '../../lexical'

export function heading(text: string): RichBlock {
  return { type: 'heading', text }
}

export function paragraph(text: string): RichBlock {
  return { type: 'paragraph', text }
}

export function list(...items: string[]): RichBlock {
  return { type: 'list', items }
}
