// Reading a cookie from a raw Cookie header the one way the site and its nginx cache both read it.

/**
 * One cookie's value from a Cookie header (the first, as browsers send the most specific first), as it was sent:
 * the name matched exactly and the value not decoded, which is how nginx's cache key reads it (deploy/nginx).
 */
export function cookieValue(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=')
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim()
  }
  return null
}
