// A readable "signed in" hint for the header of cached pages (the session cookie itself is httpOnly).
// It only chooses which links to show; every protected page and API still checks the real session.
export const SIGNED_IN_COOKIE = 'vk-signed-in'

export function signedInCookie(maxAgeSeconds: number): string {
  return `${SIGNED_IN_COOKIE}=1; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax`
}

export function hasSignedInMarker(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim() === `${SIGNED_IN_COOKIE}=1`)
}
