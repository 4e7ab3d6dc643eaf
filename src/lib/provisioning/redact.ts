// Error texts that are stored on servers and keys (rotation and revocation errors, health details) are read by
// editors, who may not see a server's credentials: the management address (often with its secret path) and any
// other URL or IP address are replaced before the text is kept.
const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>),]+/gi
const IPV4_WITH_PORT = /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?\b/g
const IPV6_IN_BRACKETS = /\[[0-9a-f:.]+\](?::\d{1,5})?/gi

export const REDACTED_ADDRESS = '[address hidden]'

export function redactAddresses(message: string, secrets: readonly (string | null | undefined)[] = []): string {
  let text = message
  for (const secret of secrets) {
    if (!secret) continue
    text = text.split(secret).join(REDACTED_ADDRESS)
    // The URL's host and port alone show up in network errors (ECONNREFUSED 10.0.0.5:8443).
    const host = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?([^/?#]+)/i.exec(secret)?.[1]
    if (host) text = text.split(host).join(REDACTED_ADDRESS)
  }
  return text.replace(URL_PATTERN, REDACTED_ADDRESS).replace(IPV6_IN_BRACKETS, REDACTED_ADDRESS).replace(IPV4_WITH_PORT, REDACTED_ADDRESS)
}

/** What went wrong on a server, as it may be stored and shown to editors. */
export function serverErrorText(error: unknown, server: { credentials?: { apiUrl?: string | null } | null }): string {
  const message = error instanceof Error ? error.message : String(error)
  return redactAddresses(message, [server.credentials?.apiUrl]) || 'error'
}
