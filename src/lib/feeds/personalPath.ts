// The personal subscription URL's path: a user id and a 43-character token (an HMAC in base64url), under
// /api/subscription for apps and /subscription for the page people open.
const USER = '\\d{1,9}'
const TOKEN = '[A-Za-z0-9_-]{43}'
const USER_PATTERN = new RegExp(`^${USER}$`)
const TOKEN_PATTERN = new RegExp(`^${TOKEN}$`)

/** Whether two path segments are shaped like a user id and a token at all. */
export function isFeedPathToken(user: string, token: string): boolean {
  return USER_PATTERN.test(user) && TOKEN_PATTERN.test(token)
}

/** The subscription page's address in either language (`/subscription/{user}/{token}`, `/en/subscription/…`). */
export const SUBSCRIPTION_PAGE_PATH = new RegExp(`^(?:/(?:ru|en))?/subscription/(${USER})/(${TOKEN})$`)
