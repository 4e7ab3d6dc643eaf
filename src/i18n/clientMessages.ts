// The message namespaces client components use; the rest stays on the server.
import type { AbstractIntlMessages } from 'next-intl'

const CLIENT_NAMESPACES = ['Header', 'Search', 'KeyTable', 'KeyDetails', 'Errors', 'Auth', 'Preferences', 'Tariffs'] as const

export function pickClientMessages(messages: AbstractIntlMessages): AbstractIntlMessages {
  return Object.fromEntries(CLIENT_NAMESPACES.map((namespace) => [namespace, messages[namespace] ?? {}]))
}
