// Referrals' rules, pure: what a referral code is, when a friend's payment earns both sides their days, and what
// makes a "friend" the referrer's own second account. The site and the bot ask here (src/lib/referral/index.ts
// reads the accounts); the days themselves are given and taken back by the subscription's one writer.
//
// A friend counts once: the first subscription of an account that came by the link, rewarded at that
// subscription's first full payment (a trial and its fee are not one; a payment the code made free is none).
// Nobody is rewarded for their own second account. What is checked, all from the site's own records:
// - the same account, or the same address once a mailbox's aliases are folded (`Ivan.Petrov+vpn@gmail.com` is
//   `ivanpetrov@gmail.com`; googlemail.com is gmail.com; Yandex's domains are one, and dots are dashes there);
// - addresses on one's own domain (not a public mail service) whose names differ only in digits and separators
//   (`ivan.petrov1@petrov.family`, `ivanpetrov2@petrov.family`);
// - the same saved payment method (card brand, last four digits and expiry; or the provider's method id);
// - a device of the friend's (its HWID, as the apps send it) that is also the referrer's.
// A refunded payment earns nothing, and a reward whose payment is refunded later is taken back from both.
// The referrer earns at most `monthlyCap` rewards a calendar month (Moscow); past it, only the friend gets days.
import { fromMoscowWallClock, moscowWallClock } from '@/lib/time/moscow'

/** Letters and digits a code is made of: no 0/o, 1/l/i, so a code read aloud or retyped is the same code. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
export const REFERRAL_CODE_LENGTH = 8
const CODE = new RegExp(`^[${ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`)

/** The cookie a referral link leaves for the checkout (set by the plans page's script, src/islands/referralLink.ts). */
export const REFERRAL_COOKIE = 'vk_ref'
/** How long a visitor who came by a link counts as the referrer's friend when they buy. */
export const REFERRAL_COOKIE_DAYS = 30
/** The plans page's query parameter of a referral link: `/tariffs?ref=CODE`. */
export const REFERRAL_PARAM = 'ref'

/** At most this many days a reward may give, as editors set it (the editor's own extension is capped at a year too). */
export const MAX_REFERRAL_DAYS = 90

/** A new code from `random(n)`, a number in [0, n) (node:crypto's randomInt on the server). */
export function newReferralCode(random: (below: number) => number): string {
  return Array.from({ length: REFERRAL_CODE_LENGTH }, () => ALPHABET[random(ALPHABET.length)]).join('')
}

/** A code from a link or a cookie, lower-cased; null for anything that is not one (never looked up). */
export function normalizeReferralCode(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 40) return null
  const code = input.trim().toLowerCase()
  return CODE.test(code) ? code : null
}

const GMAIL = new Set(['gmail.com', 'googlemail.com'])
const YANDEX = new Set(['yandex.ru', 'yandex.com', 'yandex.by', 'yandex.kz', 'yandex.ua', 'ya.ru', 'narod.ru'])

/** The mailbox an address delivers to: lower case, no `+tag`, Gmail's dots dropped, Yandex's domains as one. */
export function mailbox(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return email.trim().toLowerCase()
  let local = email.slice(0, at).trim().toLowerCase()
  let domain = email.slice(at + 1).trim().toLowerCase()
  local = local.split('+')[0] ?? local
  if (GMAIL.has(domain)) {
    domain = 'gmail.com'
    local = local.replaceAll('.', '')
  } else if (YANDEX.has(domain)) {
    domain = 'yandex.ru'
    local = local.replaceAll('.', '-')
  }
  return `${local}@${domain}`
}

/**
 * Public mail services: there `ivan1990@` and `ivan1985@` are two people, so only one mailbox is one person. On
 * anyone's own domain, names that differ only in digits are its owner's aliases.
 */
const PUBLIC_MAIL = new Set([
  'gmail.com', 'yandex.ru', 'mail.ru', 'bk.ru', 'list.ru', 'inbox.ru', 'internet.ru', 'rambler.ru', 'lenta.ru', 'autorambler.ru', 'ro.ru',
  'outlook.com', 'hotmail.com', 'live.com', 'icloud.com', 'me.com', 'yahoo.com', 'proton.me', 'protonmail.com', 'gmx.com', 'gmx.de', 'tutanota.com', 'ukr.net',
])

/**
 * Two addresses one person would make for themselves: one mailbox, or, on a domain that is not a public mail
 * service, names that differ only in digits and separators.
 */
export function sameOwnerEmails(a: string, b: string): boolean {
  const [first, second] = [mailbox(a), mailbox(b)]
  if (first === second) return true
  const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1)
  if (domainOf(first) !== domainOf(second) || PUBLIC_MAIL.has(domainOf(first))) return false
  const stem = (address: string) => address.slice(0, address.lastIndexOf('@')).replace(/[\d._-]/g, '')
  return stem(first) !== '' && stem(first) === stem(second)
}

export type MethodDetails = { kind?: string | null; brand?: string | null; last4?: string | null; validUntil?: string | null; id?: string | null }

/** What names one saved payment method across subscriptions: a card by brand, last four and expiry; else the provider's id. */
export function methodFingerprints(method: MethodDetails): string[] {
  const prints: string[] = []
  if (method.last4) prints.push(`${method.kind ?? ''}:${(method.brand ?? '').toLowerCase()}:${method.last4}:${method.validUntil ?? ''}`)
  if (method.id) prints.push(`id:${method.id}`)
  return prints
}

/**
 * One side of a referral as the rules see it: the account, its address (null for a Telegram-only account's
 * placeholder, which says nothing of its owner), its saved methods and its devices.
 */
export type ReferralParty = { userId: number; email: string | null; methods: readonly string[]; devices: readonly string[] }

export type ReferralRefusal = 'self' | 'sameEmail' | 'sameMethod' | 'sameDevice' | 'refunded' | 'off'

export type ReferralDecision =
  | { ok: true; friendDays: number; referrerDays: number; capped: boolean }
  | { ok: false; refusal: ReferralRefusal }

const shared = (a: readonly string[], b: readonly string[]) => a.some((value) => value !== '' && b.includes(value))

/**
 * Whether a friend's first full payment earns the reward, and how many days each side gets. `rewardsThisMonth`:
 * the referrer's rewards already given this calendar month.
 */
export function decideReward(
  { referrer, friend, refunded, rewardsThisMonth }: { referrer: ReferralParty; friend: ReferralParty; refunded: boolean; rewardsThisMonth: number },
  { days, monthlyCap }: { days: number; monthlyCap: number },
): ReferralDecision {
  if (!Number.isInteger(days) || days <= 0) return { ok: false, refusal: 'off' }
  if (referrer.userId === friend.userId) return { ok: false, refusal: 'self' }
  if (referrer.email && friend.email && sameOwnerEmails(referrer.email, friend.email)) return { ok: false, refusal: 'sameEmail' }
  if (shared(friend.methods, referrer.methods)) return { ok: false, refusal: 'sameMethod' }
  if (shared(friend.devices, referrer.devices)) return { ok: false, refusal: 'sameDevice' }
  if (refunded) return { ok: false, refusal: 'refunded' }
  const capped = rewardsThisMonth >= Math.max(0, monthlyCap)
  return { ok: true, friendDays: days, referrerDays: capped ? 0 : days, capped }
}

/** A subscription's end with `days` more (from now if it has ended or has no end), or taken back down to now at the least. */
export function shiftedEnd(currentEnd: string | null, days: number, now: Date): Date {
  const end = Date.parse(currentEnd ?? '')
  const from = Number.isNaN(end) ? now.getTime() : end
  if (days >= 0) return new Date(Math.max(from, now.getTime()) + days * 86_400_000)
  return new Date(Math.max(from + days * 86_400_000, now.getTime()))
}

/** The first moment of the Moscow calendar month `now` is in (the cap counts per such month). */
export function moscowMonthStart(now: Date): Date {
  const moscow = moscowWallClock(now)
  return fromMoscowWallClock(Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth(), 1))
}
