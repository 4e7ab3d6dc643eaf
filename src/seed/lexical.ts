// Converts simple seed text blocks into Payload rich-text (Lexical) JSON and Lexical JSON back into plain text.
import type {
  SerializedHeadingNode,
  SerializedListNode,
  SerializedParagraphNode,
  SerializedTextNode,
} from '@payloadcms/richtext-lexical'
import type { SerializedRootNode } from '@payloadcms/richtext-lexical/lexical'
// Lexical's own list-item type: Payload's variant demands a boolean `checked` under exactOptionalPropertyTypes.
import type { SerializedListItemNode } from '@payloadcms/richtext-lexical/lexical/list'

import { fillPlaceholders } from '@/lib/richtext/placeholders'

export type RichBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; items: string[] }

export type SeedBlockNode = SerializedHeadingNode | SerializedParagraphNode | SerializedListNode

/**
 * Lexical's SerializedEditorState as a type alias rather than an interface, so it is also assignable
 * to the index-signature types Payload generates for rich-text fields.
 */
export type SeedEditorState = { root: SerializedRootNode<SeedBlockNode> }


// Field sets and their order follow what Lexical's own exportJSON produces (checked against a headless editor);
// direction is 'ltr' as the admin editor stores typed Russian and English text.
function textNode(text: string): SerializedTextNode {
  return { detail: 0, format: 0, mode: 'normal', style: '', text, type: 'text', version: 1 }
}

function headingNode(text: string): SerializedHeadingNode {
  return {
    children: [textNode(text)],
    direction: 'ltr',
    format: '',
    indent: 0,
    type: 'heading',
    version: 1,
    tag: 'h2',
  }
}

function paragraphNode(text: string): SerializedParagraphNode {
  return {
    children: [textNode(text)],
    direction: 'ltr',
    format: '',
    indent: 0,
    type: 'paragraph',
    version: 1,
    textFormat: 0,
    textStyle: '',
  }
}

function listItemNode(text: string, value: number): SerializedListItemNode {
  return {
    children: [textNode(text)],
    direction: 'ltr',
    format: '',
    indent: 0,
    type: 'listitem',
    version: 1,
    // Lexical omits `checked` for bullet lists; undefined disappears when the JSON is stored.
    checked: undefined,
    value,
  }
}

function listNode(items: readonly string[]): SerializedListNode {
  return {
    children: items.map((item, index) => listItemNode(item, index + 1)),
    direction: 'ltr',
    format: '',
    indent: 0,
    type: 'list',
    version: 1,
    listType: 'bullet',
    start: 1,
    tag: 'ul',
  }
}

function blockNode(block: RichBlock, vars: Readonly<Record<string, string>>): SeedBlockNode {
  switch (block.type) {
    case 'heading':
      return headingNode(fillPlaceholders(block.text, vars))
    case 'paragraph':
      return paragraphNode(fillPlaceholders(block.text, vars))
    case 'list':
      return listNode(block.items.map((item) => fillPlaceholders(item, vars)))
  }
}

/** Builds a Lexical editor state (root → h2 / paragraph / bullet list → text) with placeholders filled in. */
export function toLexical(
  blocks: readonly RichBlock[],
  vars: Readonly<Record<string, string>> = {},
): SeedEditorState {
  return {
    root: {
      children: blocks.map((block) => blockNode(block, vars)),
      direction: 'ltr',
      format: '',
      indent: 0,
      type: 'root',
      version: 1,
    },
  }
}
