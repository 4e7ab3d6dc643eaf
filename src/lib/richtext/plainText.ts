// Plain text of a Payload rich-text (Lexical) value, for meta descriptions and tests.
/** Anything shaped like a stored rich-text value; nodes are read defensively. */
export type LexicalLike = { root: { children: readonly unknown[] } }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function nodeToPlainText(node: unknown): string {
  if (!isRecord(node)) return ''
  if (node.type === 'text') return typeof node.text === 'string' ? node.text : ''
  if (node.type === 'linebreak') return '\n'
  if (node.type === 'tab') return '\t'
  if (!Array.isArray(node.children)) return ''
  const children: unknown[] = node.children
  if (node.type === 'list') return children.map(nodeToPlainText).join('\n')
  // A nested list inside a list item starts on its own line.
  return children
    .map((child, index) =>
      index > 0 && isRecord(child) && child.type === 'list'
        ? `\n${nodeToPlainText(child)}`
        : nodeToPlainText(child),
    )
    .join('')
}

/** Plain text of a rich-text value: blocks separated by a blank line, list items one per line. */
export function lexicalToPlainText(state: LexicalLike | null | undefined): string {
  if (!state || !isRecord(state.root) || !Array.isArray(state.root.children)) return ''
  return state.root.children
    .map(nodeToPlainText)
    .filter((text) => text.length > 0)
    .join('\n\n')
}
