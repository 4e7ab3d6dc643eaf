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

/**
 * The `next` of the site's page a plain form was posted from. The login and registration pages are static, one page
 * for every `next`, so their forms carry none: their script adds it, and without JavaScript (or before the script ran)
 * the browser's Referer still names the page with it (the site's Referrer-Policy keeps the whole address on its own
 * pages). Another origin's page, or no Referer, gives none.
 */
export function nextOfReferringPage(referer: string | null, origin: string): string | null {
  if (!referer || referer.length > 2048) return null
  try {
    const page = new URL(referer)
    return page.origin === origin ? safeNextPath(page.searchParams.get('next')) : null
  } catch {
    return null
  }
}
