// Rate limits for e-mail links, kept in PostgreSQL so every app instance counts the same requests. Network
// addresses are counted as allowanceKey says: IPv4 whole, IPv6 by its /64.
import { createHash } from 'node:crypto'

import type { Payload } from 'payload'
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'

import { sqlPool } from '@/lib/db/pool'

import { allowanceKey } from './clientIp'

type Limiters = {
  perEmail: RateLimiterPostgres
  perIp: RateLimiterPostgres
  checkout: RateLimiterPostgres
  apiRead: RateLimiterPostgres
  speedTest: RateLimiterPostgres
  feed: RateLimiterPostgres
  probe: RateLimiterPostgres
  keyTake: RateLimiterPostgres
  passwordPerAccountAddress: RateLimiterPostgres
  passwordPerAccount: RateLimiterPostgres
  passwordPerIp: RateLimiterPostgres
  botUpdate: RateLimiterPostgres
  botCostly: RateLimiterPostgres
  promoTry: RateLimiterPostgres
}

const limiters = new WeakMap<Payload, Limiters>()

function limitersFor(payload: Payload): Limiters {
  const existing = limiters.get(payload)
  if (existing) return existing
  // The table comes from a migration (rate_limits), so the library must not create it at runtime. Expired rows are
  // deleted by one hourly job (forgetExpiredLimits), not by a timer in every limiter of every process.
  const common = { storeClient: sqlPool(payload), storeType: 'pool', tableName: 'rate_limits', tableCreated: true, clearExpiredByTimeout: false }
  // While the database cannot be reached (a restart, a failover) each process counts in its own memory instead of
  // failing the request: rate-limiter-flexible's insurance limiter.
  const limiter = (options: { keyPrefix: string; points: number; duration: number }) =>
    new RateLimiterPostgres({ ...common, ...options, insuranceLimiter: new RateLimiterMemory(options) })
  const created = {
    // Five links an hour per e-mail address from one network address: enough for typos and slow mail, too few to
    // flood an inbox from there. Per pair, not per e-mail alone: a stranger asking for someone's links from elsewhere
    // must never use up the owner's (the e-mailed link is the sign-in that always works).
    perEmail: limiter({ keyPrefix: 'link-email', points: 5, duration: 60 * 60 }),
    // Per network address: a shared mobile NAT may hold many people, so this is looser.
    perIp: limiter({ keyPrefix: 'link-ip', points: 30, duration: 60 * 60 }),
    // Opening a checkout costs a call to the payment provider: twenty an hour per address is plenty for a person.
    checkout: limiter({ keyPrefix: 'checkout-ip', points: 20, duration: 60 * 60 }),
    // Payload's REST and GraphQL reads by anyone but staff (each read or GraphQL alias a point, at most 100
    // documents each): the site's own pages never use them, so this is for scripts; two a second stops one
    // address walking the table, or holding the database, however it words its queries.
    apiRead: limiter({ keyPrefix: 'api-read-ip', points: 120, duration: 60 }),
    // A speed test moves megabytes: a few per ten minutes per address.
    speedTest: limiter({ keyPrefix: 'speedtest-ip', points: 6, duration: 10 * 60 }),
    // Free feeds: an app refreshes a list hourly, but a carrier's NAT puts hundreds of phones behind one
    // address; this only stops a scraper hammering the database (a caching proxy answers most requests).
    feed: limiter({ keyPrefix: 'feed-ip', points: 1200, duration: 60 * 60 }),
    // Probes' rounds (src/app/api/probe): a probe asks and reports a few times a minute at most; this bounds what
    // guessing tokens or a probe gone wild costs the database.
    probe: limiter({ keyPrefix: 'probe-ip', points: 600, duration: 60 * 60 }),
    // A free key copied or downloaded (src/lib/probes/keyTakes.ts): one take per key per network address an hour, so
    // one visitor clicking "Copy" ten times, or a script from one address, counts once.
    keyTake: limiter({ keyPrefix: 'key-take-ip', points: 1, duration: 60 * 60 }),
    // Password guesses, counted before the password is checked. Ten per account from one network address in a quarter
    // hour (a successful login clears them), so guesses from other addresses never hold the owner back; thirty per
    // address, so one address cannot walk through many accounts; and a hundred an hour per account from everywhere,
    // against many addresses guessing one password. That last one a stranger can use up: it pauses password login
    // only, and says to use an e-mailed link, which always works (staff too: the link's session opens /admin).
    passwordPerAccountAddress: limiter({ keyPrefix: 'password-account-ip', points: 10, duration: 15 * 60 }),
    passwordPerAccount: limiter({ keyPrefix: 'password-account-all', points: 100, duration: 60 * 60 }),
    passwordPerIp: limiter({ keyPrefix: 'password-ip', points: 30, duration: 15 * 60 }),
    // The site's bot (src/lib/bot), per Telegram user: forty presses and messages a minute is more than a person taps;
    // ten Stars invoices or new device keys in ten minutes bounds what a script costs Telegram's API and the VIP
    // servers' panels.
    botUpdate: limiter({ keyPrefix: 'bot-user', points: 40, duration: 60 }),
    botCostly: limiter({ keyPrefix: 'bot-costly', points: 10, duration: 10 * 60 }),
    // Promo codes tried, on the plans page, at checkout and in the bot: thirty an hour per network address (or
    // Telegram user) is many typos, and makes guessing a code of eight letters and digits hopeless. On the site a code
    // that applies gives its try back (returnPromoTry).
    promoTry: limiter({ keyPrefix: 'promo-try', points: 30, duration: 60 * 60 }),
  }
  limiters.set(payload, created)
  return created
}

/**
 * A limiter's row key (the table's key holds 255 characters): an e-mail address of 254 and a network address with
 * the limiter's prefix can pass that, so a long key is counted under its hash.
 */
function rowKey(key: string): string {
  return key.length <= 180 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`
}

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number }

async function consumeBoth(perIp: RateLimiterPostgres, perAccount: RateLimiterPostgres, ip: string, email: string): Promise<RateLimitResult> {
  try {
    await perIp.consume(rowKey(ip))
    await perAccount.consume(rowKey(email.toLowerCase()))
    return { ok: true }
  } catch (error) {
    if (error instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) }
    throw error
  }
}

export async function consumeLinkAllowance(payload: Payload, { email, ip }: { email: string; ip: string }): Promise<RateLimitResult> {
  const { perEmail, perIp } = limitersFor(payload)
  const from = allowanceKey(ip)
  return consumeBoth(perIp, perEmail, from, `${email.toLowerCase()} ${from}`)
}

/**
 * A purchase link (api/billing/checkout): counted per e-mail address and network address like every link, while the
 * purchase form's own allowance per network address (`checkout`, counted first) stands for the sign-in links' one:
 * a buyer behind a shared mobile address uses up neither the sign-in links of the people around them nor theirs.
 */
export async function consumePurchaseLinkAllowance(payload: Payload, { email, ip }: { email: string; ip: string }): Promise<RateLimitResult> {
  try {
    await limitersFor(payload).perEmail.consume(rowKey(`${email.toLowerCase()} ${allowanceKey(ip)}`))
    return { ok: true }
  } catch (error) {
    if (error instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) }
    throw error
  }
}

export type PasswordAllowance = { ok: true } | { ok: false; retryAfterSeconds: number; passwordPaused: boolean }

/** One password login attempt (counted before the password is checked). */
export async function consumePasswordAttempt(payload: Payload, { email, ip }: { email: string; ip: string }): Promise<PasswordAllowance> {
  const { passwordPerIp, passwordPerAccountAddress, passwordPerAccount } = limitersFor(payload)
  const account = email.toLowerCase()
  const from = allowanceKey(ip)
  const fromHere = await consumeBoth(passwordPerIp, passwordPerAccountAddress, from, `${account} ${from}`)
  if (!fromHere.ok) return { ...fromHere, passwordPaused: false }
  try {
    await passwordPerAccount.consume(rowKey(account))
    return { ok: true }
  } catch (error) {
    if (error instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000), passwordPaused: true }
    throw error
  }
}

/** After a successful password login the account's count from that address starts again (the address's does not). */
export async function clearPasswordAttempts(payload: Payload, { email, ip }: { email: string; ip: string }): Promise<void> {
  await limitersFor(payload).passwordPerAccountAddress.delete(rowKey(`${email.toLowerCase()} ${allowanceKey(ip)}`))
}

/** One unit of a per-address allowance other than e-mail links. */
export async function consumeIpAllowance(payload: Payload, kind: 'checkout' | 'apiRead' | 'speedTest' | 'feed' | 'probe' | 'promoTry', ip: string): Promise<RateLimitResult> {
  try {
    await limitersFor(payload)[kind].consume(rowKey(allowanceKey(ip)))
    return { ok: true }
  } catch (error) {
    if (error instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) }
    throw error
  }
}

/**
 * Gives a promo code's try back to the network address: a code that applies costs nothing, so buyers behind one
 * carrier's address are held back only by the codes that do not (guessing).
 */
export async function returnPromoTry(payload: Payload, ip: string): Promise<void> {
  await limitersFor(payload).promoTry.reward(rowKey(allowanceKey(ip)), 1)
}

/** `firstRefusal`: the first update over the allowance in its window (told once, the rest dropped in silence). */
export type BotAllowance = { ok: true } | { ok: false; retryAfterSeconds: number; firstRefusal: boolean }

/** One update of a Telegram user to the site's bot (`botUpdate`), or one thing it costs to make (`botCostly`). */
export async function consumeBotAllowance(payload: Payload, kind: 'botUpdate' | 'botCostly', telegramId: number): Promise<BotAllowance> {
  const limiter = limitersFor(payload)[kind]
  try {
    await limiter.consume(String(telegramId))
    return { ok: true }
  } catch (error) {
    if (error instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000), firstRefusal: error.consumedPoints === limiter.points + 1 }
    throw error
  }
}

/** One promo code tried by a Telegram user in the site's bot (the same allowance as a network address's). */
export async function consumeBotPromoTry(payload: Payload, telegramId: number): Promise<RateLimitResult> {
  try {
    await limitersFor(payload).promoTry.consume(`tg:${telegramId}`)
    return { ok: true }
  } catch (error) {
    if (error instanceof RateLimiterRes) return { ok: false, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) }
    throw error
  }
}

/** Whether this take of the key from this network address is the first this hour (and so counts). */
export async function consumeKeyTake(payload: Payload, ip: string, keyId: number): Promise<boolean> {
  try {
    await limitersFor(payload).keyTake.consume(rowKey(`${allowanceKey(ip)} ${keyId}`))
    return true
  } catch (error) {
    if (error instanceof RateLimiterRes) return false
    throw error
  }
}

/**
 * Deletes the rows of windows that have ended. One row per network or e-mail address a window saw: without this the
 * table grows with every address that ever asked anything (src/jobs/forgetExpiredLimits.ts, hourly).
 */
export async function forgetExpiredLimits(payload: Payload, now: Date = new Date()): Promise<number> {
  const result = await sqlPool(payload).query('DELETE FROM "rate_limits" WHERE "expire" IS NOT NULL AND "expire" < $1', [now.getTime()])
  return result.rowCount ?? 0
}
