// The site's bot: the webhook's secret Telegram sends back, and the language a user is spoken to in.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { localeOfLanguageCode } from '@/lib/bot/language'
import { miniAppUrl } from '@/lib/bot/miniApp'
import { secretMatches, sellsOnSiteInBot, webhookSecret } from '@/lib/bot/config'
import { parseEnv } from '@/lib/env'

describe('the webhook’s secret', () => {
  it('is what Telegram takes as secret_token (1–256 of A–Z, a–z, 0–9, _ and -), one per PAYLOAD_SECRET and token (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 32 }), fc.string({ minLength: 1 }), (secret, token) => {
        expect(webhookSecret(secret, token)).toMatch(/^[A-Za-z0-9_-]{1,256}$/)
        expect(webhookSecret(secret, token)).toBe(webhookSecret(secret, token))
        expect(webhookSecret(secret, token)).not.toBe(webhookSecret(`${secret}x`, token))
      }),
    )
  })

  it('matches only itself, whatever is sent (property)', () => {
    const secret = webhookSecret('a-payload-secret-of-at-least-32-characters', '1:token')
    expect(secretMatches(secret, secret)).toBe(true)
    expect(secretMatches(null, secret)).toBe(false)
    fc.assert(
      fc.property(fc.string(), (sent) => {
        expect(secretMatches(sent, secret)).toBe(sent === secret)
      }),
    )
  })
})

describe('the language a Telegram user is spoken to in', () => {
  it('is Russian for Russian and the region’s languages, English for the rest and for none', () => {
    for (const code of ['ru', 'ru-RU', 'uk', 'be', 'kk', 'uz']) expect(localeOfLanguageCode(code)).toBe('ru')
    for (const code of ['en', 'en-US', 'de', 'rus', undefined, '']) expect(localeOfLanguageCode(code)).toBe('en')
  })
})

describe('the Mini App’s address', () => {
  it('is the site’s /telegram-app in the user’s language, and none on plain HTTP (the Bot API refuses such a button)', () => {
    expect(miniAppUrl('https://vpnkeys.example', 'ru')).toBe('https://vpnkeys.example/telegram-app')
    expect(miniAppUrl('https://vpnkeys.example', 'en')).toBe('https://vpnkeys.example/en/telegram-app')
    expect(miniAppUrl('http://localhost:3000', 'ru')).toBeNull()
  })
})

describe('the bot’s way to the site’s purchase form', () => {
  it('is there only where the site takes payments and the operator allowed it; Stars only by default', () => {
    const site = { SERVER_URL: 'https://vpnkeys.example', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }
    expect(sellsOnSiteInBot(parseEnv(site))).toBe(false)
    expect(sellsOnSiteInBot(parseEnv({ ...site, TELEGRAM_BOT_SITE_CHECKOUT: 'false' }))).toBe(false)
    expect(sellsOnSiteInBot(parseEnv({ ...site, TELEGRAM_BOT_SITE_CHECKOUT: 'true' }))).toBe(true)
    expect(sellsOnSiteInBot({ billing: 'disabled', TELEGRAM_BOT_SITE_CHECKOUT: true })).toBe(false)
    expect(() => parseEnv({ ...site, TELEGRAM_BOT_SITE_CHECKOUT: 'yes' })).toThrow('TELEGRAM_BOT_SITE_CHECKOUT must be true or false')
  })
})
