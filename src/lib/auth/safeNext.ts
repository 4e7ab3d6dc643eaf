// The page to open after signing in: only a path on this site, never another site (no open redirect).
const CONTROL = /[\u0000-\u001f\u007f]/

function isLocalPath(value: string): boolean {
  // `//host` and `/\host` are other sites to a browser; a backslash anywhere may become one.
  return value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')
}

export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 512) return null
  if (!isLocalPath(value) || CONTROL.test(value)) return null
  try {
    const url = new URL(value, 'http://internal.invalid')
    if (url.origin !== 'http://internal.invalid') return null
    // Normalizing can turn a harmless path into another site's (`/..//example.org` → `//example.org`): check the result too.
    const normalized = `${url.pathname}${url.search}`
    if (!isLocalPath(normalized)) return null
    // Empty segments are dropped too: nothing on the site has them, and they are what an open redirect is made of.
    return `${url.pathname.replace(/\/{2,}/g, '/')}${url.search}`
  } catch {
    return null
  }
}
