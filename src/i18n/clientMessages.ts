// The message namespaces client components use; the rest stays on the server.
import type { AbstractIntlMessages } from 'next-intl'

/**
 * Used by client components on many pages (error screens; the sign-in forms and the account's "Log out"). The shared
 * markup (header, key tables and window, search, plans) is server-rendered, its browser texts in IslandTexts.
 */
const SHARED_NAMESPACES = ['Errors', 'Auth'] as const

/** Used by client components of one page only: sent with that page (see PageMessages), not with every key list. */
export type PageNamespace = 'Auth' | 'Preferences'

export function pickClientMessages(messages: AbstractIntlMessages, namespaces: readonly string[] = SHARED_NAMESPACES): AbstractIntlMessages {
  return Object.fromEntries(namespaces.map((namespace) => [namespace, messages[namespace] ?? {}]))
}
