// The environment, parsed once with zod; production refuses to start without what it needs.
import { z } from 'zod'

import { hostName } from '@/lib/http/sameHost'
import { HOST_NAME, siteHostsOf } from '@/lib/http/siteHosts'
import type { SiteHosts } from '@/lib/http/siteHosts'
import { MAX_MIRROR_MODES } from '@/lib/seo/robots'

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()

/** A positive whole number, or `fallback` when unset. */
function positiveWhole(name: string, fallback: number) {
  return optionalString
    .pipe(z.coerce.number<string | undefined>({ error: `${name} must be a whole number` }).int(`${name} must be a whole number`).min(1, `${name} must be at least 1`).optional())
    .transform((value) => value ?? fallback)
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOCAL_PREVIEW: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
  DATABASE_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// URL' }).optional(),
  ),
  PAYLOAD_SECRET: optionalString.pipe(
    z.string().min(32, 'PAYLOAD_SECRET must be at least 32 characters').optional(),
  ),
  SERVER_URL: optionalString.pipe(z.url('SERVER_URL must be an absolute URL').optional()),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  SMTP_URL: optionalString.pipe(
    z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional(),
  ),
  EMAIL_FROM: optionalString.pipe(z.email('EMAIL_FROM must be an e-mail address').optional()),
  /** Shared cache of every app instance (src/lib/cache); unset: each process caches in its own memory. */
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' }).optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** The local Stripe double (test checkout) started by scripts/run.ts outside production. */
  STRIPE_API_URL: optionalString.pipe(z.url('STRIPE_API_URL must be an absolute URL').optional()),
  /** Who takes payments: YooKassa for buyers in Russia, Stripe for buyers abroad. */
  PAYMENT_PROVIDER: optionalString.pipe(z.enum(['yookassa', 'stripe'], { error: 'PAYMENT_PROVIDER must be yookassa or stripe' }).optional()),
  YOOKASSA_SHOP_ID: optionalString.pipe(z.string().regex(/^\d+$/, 'YOOKASSA_SHOP_ID must be the shop id (digits)').optional()),
  YOOKASSA_SECRET_KEY: optionalString,
  /** The local YooKassa double (test checkout) started by scripts/run.ts outside production. */
  YOOKASSA_API_URL: optionalString.pipe(z.url('YOOKASSA_API_URL must be an absolute URL').optional()),
  PRODUCTION_HOST: optionalString,
  FREE_KEYS_HOST: optionalString,
  /** The same site under other names, for when the main domain is blocked (src/lib/http/siteHosts.ts). */
  MIRROR_HOSTS: optionalString.transform((list, context) => {
    // Names only: a port or a scheme would make another site of the mirror (every own host is served on SERVER_URL's).
    const names = (list ?? '').split(/[\s,]+/).filter(Boolean).map((name) => name.toLowerCase().replace(/\.$/, ''))
    const wrong = names.find((name) => !HOST_NAME.test(name))
    if (wrong !== undefined) {
      context.addIssue({ code: 'custom', message: `MIRROR_HOSTS must be host names separated by commas (${wrong} is not one)` })
      return z.NEVER
    }
    // Each mirror's pages are cached apart (seo/robots.ts): a bounded number of them.
    if (new Set(names).size > MAX_MIRROR_MODES) {
      context.addIssue({ code: 'custom', message: `MIRROR_HOSTS names ${new Set(names).size} hosts; at most ${MAX_MIRROR_MODES}` })
      return z.NEVER
    }
    return names
  }),
  /** Reverse proxies in front that append the client's address to X-Forwarded-For (rate limits count by it). */
  TRUSTED_PROXY_HOPS: optionalString
    .pipe(
      z.coerce
        .number<string | undefined>({ error: 'TRUSTED_PROXY_HOPS must be a whole number' })
        .int('TRUSTED_PROXY_HOPS must be a whole number')
        .min(1, 'TRUSTED_PROXY_HOPS must be at least 1')
        .max(10, 'TRUSTED_PROXY_HOPS must be at most 10')
        .optional(),
    )
    .transform((hops) => hops ?? 1),
  /** How often each instance's job timer ticks, in seconds (default 60: once a minute). The tests' sites tick faster. */
  JOB_TICK_SECONDS: optionalString
    .pipe(z.coerce.number<string | undefined>({ error: 'JOB_TICK_SECONDS must be a whole number' }).int('JOB_TICK_SECONDS must be a whole number').min(1).max(60, 'JOB_TICK_SECONDS must be at most 60').optional())
    .transform((seconds) => seconds ?? 60),
  /**
   * `off`: this process never runs the job queue nor queues the scheduled tasks (a web-only instance beside a runner;
   * the integration tests, which run jobs themselves). Default `auto`: the instance holding the lock runs them.
   */
  JOB_RUNNER: optionalString.pipe(z.enum(['auto', 'off'], { error: 'JOB_RUNNER must be auto or off' }).optional()).transform((mode) => mode ?? 'auto'),
  /** The bearer token Prometheus sends to /api/metrics; unset, the endpoint is absent. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 24)').optional()),
  /** Staff alerts to a Telegram chat (src/lib/alerts/telegram.ts): the bot's token from @BotFather and the chat's id. */
  TELEGRAM_BOT_TOKEN: optionalString.pipe(z.string().regex(/^\d+:[\w-]+$/, 'TELEGRAM_BOT_TOKEN must be the token @BotFather gave (digits, a colon, letters)').optional()),
  TELEGRAM_CHAT_ID: optionalString.pipe(z.string().regex(/^-?\d+$|^@\w+$/, 'TELEGRAM_CHAT_ID must be the chat’s number (e.g. -1001234567890) or a channel’s @name').optional()),
  /** The site's bot for visitors and subscribers (src/lib/bot): its token from @BotFather, a bot of its own. */
  TELEGRAM_SITE_BOT_TOKEN: optionalString.pipe(z.string().regex(/^\d+:[\w-]+$/, 'TELEGRAM_SITE_BOT_TOKEN must be the token @BotFather gave (digits, a colon, letters)').optional()),
  /**
   * Whether the site's bot also leads buyers to the site's purchase form (true) or sells for Stars only (unset, false):
   * Telegram's rules want digital goods paid in Stars inside Telegram, so the operator turns this on knowingly.
   */
  TELEGRAM_BOT_SITE_CHECKOUT: optionalString
    .pipe(z.enum(['true', 'false', '1', '0'], { error: 'TELEGRAM_BOT_SITE_CHECKOUT must be true or false' }).optional())
    .transform((value) => value === 'true' || value === '1'),
  /** Another Bot API server (a local one, or the test double); default https://api.telegram.org. */
  TELEGRAM_API_URL: optionalString.pipe(z.url('TELEGRAM_API_URL must be an absolute URL').optional()),
  /** The least level production logs: trace, debug, info (default), warn, error, fatal. */
  LOG_LEVEL: optionalString.pipe(z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal'], { error: 'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal' }).optional()),
  /** The connection check of free keys (src/lib/liveness): the client (else xray, else v2ray on PATH), the page
   * fetched through each key (plain http: it goes through the client's HTTP proxy), and a run's bounds. */
  LIVENESS_CLIENT: optionalString,
  LIVENESS_CHECK_URL: optionalString
    .pipe(z.url({ protocol: /^http$/, error: "LIVENESS_CHECK_URL must be an http:// URL (it is fetched through the client's HTTP proxy)" }).optional())
    .transform((url) => url ?? 'http://www.gstatic.com/generate_204'),
  LIVENESS_TIMEOUT_MS: positiveWhole('LIVENESS_TIMEOUT_MS', 8000),
  LIVENESS_CONCURRENCY: positiveWhole('LIVENESS_CONCURRENCY', 4),
  LIVENESS_MAX_KEYS: positiveWhole('LIVENESS_MAX_KEYS', 300),
  LIVENESS_BUDGET_MS: positiveWhole('LIVENESS_BUDGET_MS', 5 * 60_000),
})

export type Env = z.infer<typeof schema> & {
  /** Production on real infrastructure: not a local preview of the production build. */
  isStrictProduction: boolean
  serverUrl: string
  /** The site's own hosts: SERVER_URL's, the production and free-keys hosts, the mirrors. */
  hosts: SiteHosts
  emailFrom: string
  /** The configured provider (PAYMENT_PROVIDER; else the one whose keys are set; else Stripe). */
  paymentProvider: 'yookassa' | 'stripe'
  /** `live` with the provider's real keys, `test` with the local test checkout (never in production), else `disabled`. */
  billing: 'live' | 'test' | 'disabled'
}

const REQUIRED_IN_PRODUCTION = ['DATABASE_URL', 'PAYLOAD_SECRET', 'SERVER_URL', 'SMTP_URL'] as const

export class EnvError extends Error {
  override name = 'EnvError'
}

/** http:// on a host other than this machine (localhost, *.localhost, 127.0.0.0/8, ::1 are secure contexts to browsers). */
function insecureOnRealHost(serverUrl: string): boolean {
  const { protocol, hostname } = new URL(serverUrl)
  const name = hostname.toLowerCase().replace(/\.$/, '')
  const local = name === 'localhost' || name.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(name) || name === '[::1]'
  return protocol === 'http:' && !local
}

export function parseEnv(given: Record<string, string | undefined>): Env {
  // Empty means not set, as .env.example says and compose's env_file passes its empty lines (`NODE_ENV=`).
  const source = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined && value.trim() !== ''))
  const result = schema.safeParse(source)
  if (!result.success) {
    const issue = result.error.issues[0]
    const variable = issue?.path.join('.') ?? 'environment'
    throw new EnvError(`Invalid ${variable}: ${issue?.message ?? 'bad value'}`)
  }
  const env = result.data
  // `next build` evaluates the config without a database; strictness applies when serving.
  const isBuild = source.NEXT_PHASE === 'phase-production-build'
  const isStrictProduction = env.NODE_ENV === 'production' && !env.LOCAL_PREVIEW && !isBuild
  if (isStrictProduction) {
    const missing = REQUIRED_IN_PRODUCTION.filter((name) => !env[name])
    if (missing.length > 0) {
      throw new EnvError(
        `Missing ${missing.join(', ')}: required in production (see .env.example; \`npm run preview\` runs the production build on the embedded defaults).`,
      )
    }
  }
  // Over plain http on a real host name browsers send no Sec-Fetch-Site and keep no Secure cookie, so signing in
  // and every form would fail without a word: refused here, with the way out.
  if (isStrictProduction && env.SERVER_URL && insecureOnRealHost(env.SERVER_URL)) {
    throw new EnvError(
      `SERVER_URL (${env.SERVER_URL}) must be https:// in production: over http browsers refuse the site's sign-in cookie and its forms. Put nginx with a certificate in front (docs/operating/https.md); \`npm run preview\` tries the site on this machine.`,
    )
  }
  // Visitors are sent to the free-keys host, where forms post from and cookies are set: it must be SERVER_URL's.
  // Compared by name: the port is SERVER_URL's to say (every own host is served on it).
  if (isStrictProduction && env.FREE_KEYS_HOST && env.SERVER_URL && hostName(new URL(env.SERVER_URL).host) !== hostName(env.FREE_KEYS_HOST)) {
    throw new EnvError(
      `SERVER_URL (${env.SERVER_URL}) must be the address visitors use: with FREE_KEYS_HOST set, that is https://${env.FREE_KEYS_HOST}.`,
    )
  }
  for (const name of ['STRIPE_API_URL', 'YOOKASSA_API_URL'] as const) {
    if (isStrictProduction && env[name]) throw new EnvError(`${name} (the local test checkout) must not be set in production.`)
  }
  const hasStripeKeys = Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)
  const hasYooKassaKeys = Boolean(env.YOOKASSA_SHOP_ID && env.YOOKASSA_SECRET_KEY)
  if (Boolean(env.YOOKASSA_SHOP_ID) !== Boolean(env.YOOKASSA_SECRET_KEY)) {
    throw new EnvError('YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY go together: set both (from the YooKassa dashboard, Integration → API keys) or neither.')
  }
  if (Boolean(env.TELEGRAM_BOT_TOKEN) !== Boolean(env.TELEGRAM_CHAT_ID)) {
    throw new EnvError('TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID go together: set both (the bot from @BotFather, the staff chat it is in) or neither.')
  }
  const paymentProvider = env.PAYMENT_PROVIDER ?? (hasYooKassaKeys && !hasStripeKeys ? 'yookassa' : 'stripe')
  const [hasKeys, apiUrl] = paymentProvider === 'yookassa' ? [hasYooKassaKeys, env.YOOKASSA_API_URL] : [hasStripeKeys, env.STRIPE_API_URL]
  const billing = !hasKeys ? 'disabled' : apiUrl ? 'test' : 'live'
  const serverUrl = (env.SERVER_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')
  return {
    ...env,
    isStrictProduction,
    paymentProvider,
    billing,
    serverUrl,
    hosts: siteHostsOf({ serverUrl, productionHost: env.PRODUCTION_HOST, freeKeysHost: env.FREE_KEYS_HOST, mirrorHosts: env.MIRROR_HOSTS }),
    emailFrom: env.EMAIL_FROM ?? `no-reply@${new URL(serverUrl).hostname.replace(/^localhost$/, 'example.com')}`,
  }
}

let cached: Env | undefined

/** The process environment, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env)
  return cached
}
