// `{name}` placeholders in texts editors write (page rich text, banners): filled from site settings when a
// page is shown, so an address or a name is changed in one place. `{supportEmail}` becomes a mail link.
import type { LexicalLike } from './plainText'

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g

/** What page texts may use; the admin's description of the content field names them. */
export const PAGE_PLACEHOLDERS = ['siteName', 'supportEmail'] as const

/** Names of all `{name}` placeholders in a text, in order of appearance. */
export function listPlaceholders(text: string): string[] {
  return Array.from(text.matchAll(PLACEHOLDER), (match) => match[1] ?? '')
}

/** Replaces `{name}` with `vars[name]`; placeholders without a value are left as they are. */
export function fillPlaceholders(text: string, vars: Readonly<Record<string, string>> = {}): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(vars, name) ? (vars[name] ?? whole) : whole))
}

type Node = Record<string, unknown> & { type?: unknown; children?: unknown; text?: unknown }

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null
}

function mailLink(textNode: Node, email: string): Node {
  return {
    type: 'link',
    version: 3,
    direction: 'ltr',
    format: '',
    indent: 0,
    fields: { linkType: 'custom', url: `mailto:${email}`, newTab: false },
    children: [{ ...textNode, text: email }],
  }
}

/** A text node split around `{supportEmail}` (a mail link); other placeholders are filled in place. */
function fillTextNode(node: Node, vars: Readonly<Record<string, string>>, insideLink: boolean): Node[] {
  const text = typeof node.text === 'string' ? node.text : ''
  const email = vars.supportEmail
  if (insideLink || !email || !text.includes('{supportEmail}')) return [{ ...node, text: fillPlaceholders(text, vars) }]
  return text.split('{supportEmail}').flatMap((part, index) => {
    const filled = part === '' ? [] : [{ ...node, text: fillPlaceholders(part, vars) }]
    return index === 0 ? filled : [mailLink(node, email), ...filled]
  })
}

function fillNode(node: unknown, vars: Readonly<Record<string, string>>, insideLink: boolean): unknown[] {
  if (!isNode(node)) return [node]
  if (node.type === 'text') return fillTextNode(node, vars, insideLink)
  if (!Array.isArray(node.children)) return [node]
  const linkHere = insideLink || node.type === 'link' || node.type === 'autolink'
  return [{ ...node, children: node.children.flatMap((child: unknown) => fillNode(child, vars, linkHere)) }]
}

/** A copy of a rich-text value with its placeholders filled; the stored value keeps the placeholders. */
export function fillRichText<T extends LexicalLike>(state: T, vars: Readonly<Record<string, string>>): T {
  const root = state.root as LexicalLike['root'] & Record<string, unknown>
  return { ...state, root: { ...root, children: root.children.flatMap((child) => fillNode(child, vars, false)) } }
}
