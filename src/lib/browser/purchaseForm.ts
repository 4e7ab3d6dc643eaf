// The purchase form's browser side (src/islands/tariffs.ts), and the names of the answers the checkout gives it.
import { isPlaceholderEmail } from '@/lib/auth/placeholderEmail'
import { hasSignedInMarker } from '@/lib/auth/signedInMarker'
import type { PromoRefusal } from '@/lib/promo/rules'

/**
 * What the server may send back to the form (`?error=`), each a Tariffs text: its refusals, and `linkSent` (not an
 * error: a buyer not signed in as the address was e-mailed a link to go on, whatever the address; billing/checkout),
 * or `linkQueued` (the same, the mail server taking it later: the link is made when it is sent).
 */
export const PURCHASE_ERRORS = [
  'invalidEmail',
  'invalidValueForEmail',
  'invalidPlan',
  'unavailable',
  'checkoutFailed',
  'alreadySubscribed',
  'consentRequired',
  'trialUsed',
  'linkSent',
  'linkQueued',
  // A promo code that does not apply (src/lib/promo/rules.ts, PROMO_REFUSALS), and too many codes tried.
  'promoInvalid',
  'promoNotForPlan',
  'promoUsedByYou',
  'promoFirstPurchaseOnly',
  'promoTrialNotYours',
  'promoNotInStars',
  'promoTooMany',
] as const
export type PurchaseError = (typeof PURCHASE_ERRORS)[number]

/** The form's answer for a promo code that does not apply. */
export function promoError(refusal: PromoRefusal): PurchaseError {
  return `promo${refusal.charAt(0).toUpperCase()}${refusal.slice(1)}` as PurchaseError
}

/** Whether the form's answer is about its promo code (the code's field is marked, not the address's). */
export const isPromoError = (error: PurchaseError | null) => Boolean(error?.startsWith('promo'))

/** The answer's paragraph: a status for the sent link, an error for the rest. */
export function purchaseAnswerClass(answer: PurchaseError | null): string {
  return answer === 'linkSent' || answer === 'linkQueued' ? 'auth__sent' : 'auth__error'
}

export function purchaseErrorOf(query: URLSearchParams): PurchaseError | null {
  return PURCHASE_ERRORS.find((key) => key === query.get('error')) ?? null
}

/** crypto.randomUUID exists only on HTTPS (or localhost); getRandomValues everywhere, so the form works on plain HTTP too. */
export function randomAttemptKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * Who is signed in, for the form: their e-mail address to fill in, or a Telegram-only account (no address of its own:
 * it types one only where the payment's receipt needs it); null for a visitor not signed in.
 */
export async function signedInBuyer(): Promise<{ email: string | null; telegramOnly: boolean } | null> {
  if (!hasSignedInMarker(document.cookie)) return null
  try {
    const response = await fetch('/api/users/me', { credentials: 'same-origin' })
    const { user } = (await response.json()) as { user?: { email?: string } | null }
    if (!user?.email) return null
    return isPlaceholderEmail(user.email) ? { email: null, telegramOnly: true } : { email: user.email, telegramOnly: false }
  } catch {
    return null
  }
}
