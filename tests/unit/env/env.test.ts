import { readFileSync } from 'node:fs'
import { parseEnv as parseDotEnv } from 'node:util'

import { describe, expect, it } from 'vitest'

import { EnvError, parseEnv } from '@/lib/env'

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u:p@db.example:5432/app',
  PAYLOAD_SECRET: 'x'.repeat(40),
  SERVER_URL: 'https://vpnkeys.example/',
  SMTP_URL: 'smtp://mail.example:587',
} as const

describe('parseEnv', () => {
  it('refuses plain http on a real host name in production, in one line that says what to do; this machine and previews may use it', () => {
    for (const url of ['http://vpnkeys.example', 'http://free.keys.test:4100', 'http://203.0.113.5:3000', 'HTTP://VPNKEYS.EXAMPLE']) {
      expect(() => parseEnv({ ...production, SERVER_URL: url }), url).toThrow(/must be https:\/\/ in production: over http browsers refuse the site's sign-in cookie and its forms\. Put nginx with a certificate in front/)
    }
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'http://site.localhost', 'https://vpnkeys.example']) {
      expect(parseEnv({ ...production, SERVER_URL: url }).serverUrl, url).toBe(url)
    }
    expect(parseEnv({ ...production, SERVER_URL: 'http://vpnkeys.example', LOCAL_PREVIEW: 'true' }).isStrictProduction).toBe(false)
  })

  it('takes a metrics token of 16 characters or more and a log level by name, and says what is wrong with others', () => {
    expect(parseEnv({ ...production, METRICS_TOKEN: 'a'.repeat(16), LOG_LEVEL: 'warn' })).toMatchObject({ METRICS_TOKEN: 'a'.repeat(16), LOG_LEVEL: 'warn' })
    const unset = parseEnv({ ...production, METRICS_TOKEN: '', LOG_LEVEL: '' })
    expect([unset.METRICS_TOKEN, unset.LOG_LEVEL]).toEqual([undefined, undefined])
    expect(() => parseEnv({ ...production, METRICS_TOKEN: 'short' })).toThrow('Invalid METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters')
    expect(() => parseEnv({ ...production, LOG_LEVEL: 'verbose' })).toThrow('Invalid LOG_LEVEL: LOG_LEVEL must be one of')
  })

  it('accepts a complete production environment and trims the server URL', () => {
    const env = parseEnv({ ...production })
    expect(env.isStrictProduction).toBe(true)
    expect(env.serverUrl).toBe('https://vpnkeys.example')
    expect(env.emailFrom).toBe('no-reply@vpnkeys.example')
    expect(env.TRUSTED_PROXY_HOPS).toBe(1)
    expect(parseEnv({ ...production, TRUSTED_PROXY_HOPS: '2' }).TRUSTED_PROXY_HOPS).toBe(2)
    expect(parseEnv({ ...production, TRUSTED_PROXY_HOPS: '' }).TRUSTED_PROXY_HOPS).toBe(1)
  })

  it('stops production without a database or secret, naming what is missing in one line', () => {
    const attempt = () => parseEnv({ ...production, DATABASE_URL: '', PAYLOAD_SECRET: undefined })
    expect(attempt).toThrow(EnvError)
    expect(attempt).toThrow(/^Missing DATABASE_URL, PAYLOAD_SECRET: required in production/)
  })

  it('stops production whose SERVER_URL is not the free-keys host visitors are sent to', () => {
    expect(() => parseEnv({ ...production, PRODUCTION_HOST: 'vpnkeys.example', FREE_KEYS_HOST: 'free.vpnkeys.example' })).toThrow(
      /SERVER_URL .* must be the address visitors use/,
    )
    const env = parseEnv({ ...production, SERVER_URL: 'https://free.vpnkeys.example', PRODUCTION_HOST: 'vpnkeys.example', FREE_KEYS_HOST: 'free.vpnkeys.example' })
    expect(env.serverUrl).toBe('https://free.vpnkeys.example')
  })

  it('takes .env.example as shipped: an empty line is a variable not set', () => {
    const shipped = parseDotEnv(readFileSync('.env.example', 'utf8'))
    expect(shipped.NODE_ENV).toBe('')
    const env = parseEnv(shipped)
    expect(env).toMatchObject({ NODE_ENV: 'development', PORT: 3000, LOCAL_PREVIEW: false, serverUrl: 'http://localhost:3000' })
    expect(parseEnv({ ...shipped, ...production }).isStrictProduction).toBe(true)
  })

  it('rejects malformed values with the variable name', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://nope' })).toThrow(/DATABASE_URL/)
    expect(() => parseEnv({ PAYLOAD_SECRET: 'short' })).toThrow(/PAYLOAD_SECRET/)
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => parseEnv({ TRUSTED_PROXY_HOPS: '0' })).toThrow(/TRUSTED_PROXY_HOPS/)
    expect(() => parseEnv({ TRUSTED_PROXY_HOPS: 'one' })).toThrow(/TRUSTED_PROXY_HOPS/)
  })

  it('bounds the connection check with defaults, and refuses a check page the proxy cannot fetch or a bound that is not a number', () => {
    expect(parseEnv({})).toMatchObject({
      LIVENESS_CHECK_URL: 'http://www.gstatic.com/generate_204',
      LIVENESS_TIMEOUT_MS: 8000,
      LIVENESS_CONCURRENCY: 4,
      LIVENESS_MAX_KEYS: 300,
      LIVENESS_BUDGET_MS: 300_000,
    })
    expect(parseEnv({ LIVENESS_CONCURRENCY: '8', LIVENESS_CHECK_URL: 'http://cp.cloudflare.com/cdn-cgi/trace' })).toMatchObject({ LIVENESS_CONCURRENCY: 8, LIVENESS_CHECK_URL: 'http://cp.cloudflare.com/cdn-cgi/trace' })
    expect(() => parseEnv({ LIVENESS_CHECK_URL: 'https://www.gstatic.com/generate_204' })).toThrow(/LIVENESS_CHECK_URL must be an http:\/\/ URL/)
    expect(() => parseEnv({ LIVENESS_MAX_KEYS: 'lots' })).toThrow(/LIVENESS_MAX_KEYS must be a whole number/)
    expect(() => parseEnv({ LIVENESS_TIMEOUT_MS: '0' })).toThrow(/LIVENESS_TIMEOUT_MS must be at least 1/)
  })

  it('needs nothing in development, where the embedded defaults apply', () => {
    const env = parseEnv({})
    expect(env.isStrictProduction).toBe(false)
    expect(env.serverUrl).toBe('http://localhost:3000')
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('is lenient while Next.js builds and for a local preview of the production build', () => {
    expect(parseEnv({ NODE_ENV: 'production', NEXT_PHASE: 'phase-production-build' }).isStrictProduction).toBe(false)
    expect(parseEnv({ NODE_ENV: 'production', LOCAL_PREVIEW: 'true' }).isStrictProduction).toBe(false)
  })
})

describe('billing mode', () => {
  const keys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }
  it('is Stripe with both keys, the test checkout with the local double, and disabled otherwise', () => {
    expect(parseEnv({ ...production, ...keys }).billing).toBe('live')
    expect(parseEnv({ ...production, STRIPE_SECRET_KEY: 'sk_test_x' }).billing).toBe('disabled')
    expect(parseEnv({ ...production }).billing).toBe('disabled')
    expect(parseEnv({ ...keys, STRIPE_API_URL: 'http://127.0.0.1:4010' }).billing).toBe('test')
  })

  it('refuses the local test checkout in production', () => {
    expect(() => parseEnv({ ...production, ...keys, STRIPE_API_URL: 'http://127.0.0.1:4010' })).toThrow(EnvError)
    expect(() => parseEnv({ ...production, ...keys, STRIPE_API_URL: 'http://127.0.0.1:4010' })).toThrow(/must not be set in production/)
  })
})

describe('payment provider', () => {
  const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }
  const yookassa = { YOOKASSA_SHOP_ID: '123456', YOOKASSA_SECRET_KEY: 'live_secret' }

  it('is the one PAYMENT_PROVIDER names, else the one whose keys are set, else Stripe', () => {
    expect(parseEnv({ ...production, ...yookassa, PAYMENT_PROVIDER: 'yookassa' })).toMatchObject({ paymentProvider: 'yookassa', billing: 'live' })
    expect(parseEnv({ ...production, ...yookassa })).toMatchObject({ paymentProvider: 'yookassa', billing: 'live' })
    expect(parseEnv({ ...production, ...stripe, ...yookassa })).toMatchObject({ paymentProvider: 'stripe', billing: 'live' })
    expect(parseEnv({ ...production, ...stripe, ...yookassa, PAYMENT_PROVIDER: 'yookassa' }).paymentProvider).toBe('yookassa')
    expect(parseEnv({ ...production })).toMatchObject({ paymentProvider: 'stripe', billing: 'disabled' })
    // The provider named but its keys missing: no purchases rather than the other provider's.
    expect(parseEnv({ ...production, ...stripe, PAYMENT_PROVIDER: 'yookassa' })).toMatchObject({ paymentProvider: 'yookassa', billing: 'disabled' })
    expect(parseEnv({ PAYMENT_PROVIDER: 'yookassa', ...yookassa, YOOKASSA_API_URL: 'http://127.0.0.1:4011/v3' }).billing).toBe('test')
  })

  it('refuses an unknown provider, a shop id without its key, and the YooKassa double in production', () => {
    expect(() => parseEnv({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER must be yookassa or stripe/)
    expect(() => parseEnv({ YOOKASSA_SHOP_ID: '123456' })).toThrow(/YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY go together/)
    expect(() => parseEnv({ YOOKASSA_SHOP_ID: 'shop', YOOKASSA_SECRET_KEY: 'x' })).toThrow(/YOOKASSA_SHOP_ID must be the shop id/)
    expect(() => parseEnv({ ...production, ...yookassa, YOOKASSA_API_URL: 'http://127.0.0.1:4011/v3' })).toThrow(/YOOKASSA_API_URL .* must not be set in production/)
  })
})

