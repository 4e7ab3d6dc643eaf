// The page to open after signing in: only a path on this site, never another site (no open redirect).
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 512) return null
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || /[\u0000-\u001f]/.test(value)) return null
  try {
    const url = new URL(value, 'http://internal.invalid')
    return url.origin === 'http://internal.invalid' ? `${url.pathname}${url.search}` : null
  } catch {
    return null
  }
}
