// The signed-in user of a request, through Payload's own authentication (cookie or Authorization header).
import type { User } from '@/payload-types'

import { payloadClient } from '@/edge/payload'

export async function currentUser(headers: Headers): Promise<User | null> {
  const payload = await payloadClient()
  const { user } = await payload.auth({ headers })
  return user && user.collection === 'users' ? (user as User) : null
}

/**
 * The signed-in user of a page render. Payload ignores the session cookie on any cross-site request (its CSRF
 * rule), which would send a subscriber who follows our e-mail's link from web mail to the login page. A
 * top-level navigation only reads a page, and the browser sends our SameSite=Lax cookie with it on purpose:
 * for that, and only that, the request counts as the site's own.
 */
export async function currentPageUser(headers: Headers): Promise<User | null> {
  const isTopLevelNavigation = headers.get('sec-fetch-mode') === 'navigate' && headers.get('sec-fetch-dest') === 'document'
  if (headers.get('sec-fetch-site') !== 'cross-site' || !isTopLevelNavigation) return currentUser(headers)
  const navigation = new Headers(headers)
  navigation.set('sec-fetch-site', 'same-origin')
  navigation.delete('origin')
  return currentUser(navigation)
}

/**
 * The signed-in user of a GET that hands the user their own data (a key file). Payload also refuses the cookie
 * when a request carries no Sec-Fetch-Site, as older iOS Safari and download managers send; reading is no
 * forgery, and another site cannot read the answer, so here the cookie alone decides.
 */
export async function currentReader(headers: Headers): Promise<User | null> {
  const reading = new Headers(headers)
  reading.set('sec-fetch-site', 'same-origin')
  reading.delete('origin')
  return currentUser(reading)
}
