// The message namespaces client components use; the rest stays on the server.
import type { AbstractIntlMessages } from 'next-intl'

/** Used by client components on every page (header, key tables and modal, error screens, the login dialog). */
const SHARED_NAMESPACES = ['Header', 'Search', 'KeyTable', 'KeyDetails', 'Apps', 'Errors', 'Auth'] as const

/** Used by client components of one page only: sent with that page (see PageMessages), not with every key list. */
export type PageNamespace = 'Auth' | 'Preferences' | 'Tariffs'

export function pickClientMessages(messages: AbstractIntlMessages, namespaces: readonly string[] = SHARED_NAMESPACES): AbstractIntlMessages {
  return Object.fromEntries(namespaces.map((namespace) => [namespace, messages[namespace] ?? {}]))
}
