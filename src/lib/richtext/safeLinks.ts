// Links in rich text editors write: only http, https, mailto and paths on the site. `javascript:` (with tabs or
// control characters inside, as browsers still run it), `data:` and `vbscript:` are refused when a page is saved and
// never rendered as links, whatever is stored.
import type { LexicalLike } from './plainText'

type Node = Record<string, unknown> & { type?: unknown; children?: unknown; fields?: unknown }

const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:'])
// Browsers drop these before reading a URL's scheme (the URL standard's C0 controls, space, tab and newlines).
const IGNORED_BY_BROWSERS = /[\u0000-\u0020\u007f]/g

export function isSafeLinkUrl(url: unknown): boolean {
  if (typeof url !== 'string') return false
  const cleaned = url.replace(IGNORED_BY_BROWSERS, '')
  // A path on the site, a fragment or a query; `//host` and `/\host` are other sites' addresses without a scheme.
  if (/^[#?]/.test(cleaned) || (cleaned.startsWith('/') && !/^\/[/\\]/.test(cleaned))) return true
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]
  return scheme !== undefined && SAFE_SCHEMES.has(`${scheme.toLowerCase()}:`)
}

function isLink(node: Node): boolean {
  return node.type === 'link' || node.type === 'autolink'
}

function urlOf(node: Node): unknown {
  return typeof node.fields === 'object' && node.fields !== null ? (node.fields as { url?: unknown; linkType?: unknown }).url : undefined
}

/**
 * The address a link renders with. An internal link (to a document) renders the document's own address and never its
 * `url`; an autolink always renders its `url`, whatever its `linkType` says (a crafted value may claim "internal").
 */
function customUrl(node: Node): unknown {
  const fields = node.fields as { linkType?: unknown } | undefined
  return node.type === 'link' && fields?.linkType === 'internal' ? null : urlOf(node)
}

function collect(node: unknown, found: string[]): void {
  if (typeof node !== 'object' || node === null) return
  const current = node as Node
  const url = isLink(current) ? customUrl(current) : null
  if (url !== null && !isSafeLinkUrl(url)) found.push(String(url))
  if (Array.isArray(current.children)) for (const child of current.children) collect(child, found)
}

/** The addresses of the links in a rich-text value that are not allowed. */
export function unsafeLinks(state: LexicalLike | null | undefined): string[] {
  const found: string[] = []
  for (const child of state?.root?.children ?? []) collect(child, found)
  return found
}

function unwrap(node: unknown): unknown[] {
  if (typeof node !== 'object' || node === null) return [node]
  const current = node as Node
  const children = Array.isArray(current.children) ? current.children.flatMap(unwrap) : undefined
  if (isLink(current) && customUrl(current) !== null && !isSafeLinkUrl(customUrl(current))) return children ?? []
  return [children ? { ...current, children } : current]
}

/** A copy whose links that are not allowed are plain text (for values stored before the rule, or by other means). */
export function withSafeLinks<T extends LexicalLike>(state: T): T {
  const root = state.root as LexicalLike['root'] & Record<string, unknown>
  return { ...state, root: { ...root, children: root.children.flatMap(unwrap) } }
}
