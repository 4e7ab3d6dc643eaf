// Gift subscriptions' rules, pure: what a gift code is, and what redeeming one does to the recipient's subscription.
// A gift is a plan's period bought once for someone else (src/lib/gift/index.ts keeps them): no trial, no saved method,
// no renewal. Its code goes to the buyer, who forwards it; redeemed, it starts a subscription for that period (which
// ends with it), or adds the period to the recipient's live one.
import type { SubscriptionState } from '@/lib/billing/rules/lifecycle'
import { addMonths } from '@/lib/billing/rules/renewalPlan'

/** The bot's `/start` parameter of a gift link: `gift-K7M2X9QAB3C4D5E6` (src/lib/bot/gift.ts). */
export const GIFT_START_PREFIX = 'gift-'

/** Letters and digits that cannot be misread when a code is typed from a phone's screen (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
/** 16 characters of 31: 79 bits, so a code cannot be found by trying, whatever the allowance. */
export const GIFT_CODE_LENGTH = 16
const CODE = new RegExp(`^[${ALPHABET}]{${GIFT_CODE_LENGTH}}$`)

/** A new code from `random(n)`, a number in [0, n) (node:crypto's randomInt on the server). */
export function newGiftCode(random: (below: number) => number): string {
  return Array.from({ length: GIFT_CODE_LENGTH }, () => ALPHABET[random(ALPHABET.length)]).join('')
}

/** A code as typed or linked (any case, spaces and dashes aside); null for anything that is not one (never looked up). */
export function normalizeGiftCode(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 64) return null
  const code = input.normalize('NFKC').replace(/[\s\-_]/g, '').toUpperCase()
  return CODE.test(code) ? code : null
}

/** The code as it is shown and mailed: four groups of four (`K7M2-X9QA-…`). */
export function displayGiftCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code
}

const DAY_MS = 86_400_000

/**
 * The days a gift of `months` adds to a live subscription at `now` (pure): the calendar months after its paid end (or
 * after now, when that has passed), in whole days.
 */
export function giftDays(currentEnd: string | null, months: number, now: Date): number {
  const from = Math.max(Date.parse(currentEnd ?? '') || 0, now.getTime())
  return Math.round((Date.parse(addMonths(new Date(from).toISOString(), months)) - from) / DAY_MS)
}

/** A new subscription a gift of `months` starts at `now` (pure): active for the period, with no renewal. */
export function giftState(months: number, now: Date): SubscriptionState {
  return { status: 'active', trialEndsAt: null, currentPeriodEnd: addMonths(now.toISOString(), months), nextPaymentAt: null, cancelAtPeriodEnd: true }
}
