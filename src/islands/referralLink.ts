// A referral link (`/tariffs?ref=CODE`, src/lib/referral) leaves its code in a cookie for REFERRAL_COOKIE_DAYS: the
// checkout reads it when the visitor buys, today or later. Set here, in the page, so the cached plans page stays one
// copy for everyone; a later link replaces an earlier one.
import { normalizeReferralCode, REFERRAL_COOKIE, REFERRAL_COOKIE_DAYS, REFERRAL_PARAM } from '@/lib/referral/rules'

export function rememberReferral(location: Pick<Location, 'search' | 'protocol'>, doc: Pick<Document, 'cookie'>): string | null {
  const code = normalizeReferralCode(new URLSearchParams(location.search).get(REFERRAL_PARAM))
  if (!code) return null
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  doc.cookie = `${REFERRAL_COOKIE}=${code}; Max-Age=${REFERRAL_COOKIE_DAYS * 86_400}; Path=/; SameSite=Lax${secure}`
  return code
}
