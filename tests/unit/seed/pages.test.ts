// Tests for the seeded privacy, user agreement and support texts: both languages, facts and placeholders.
import { describe, expect, it } from 'vitest'

import type { RichBlock } from '@/seed/lexical'
import { PAGES } from '@/seed/data/pages'
import type { PageSlug } from '@/seed/data/pages'
import { lexicalToPlainText } from '@/lib/richtext/plainText'
import { PAGE_PLACEHOLDERS, listPlaceholders } from '@/lib/richtext/placeholders'
import { toLexical } from '@/seed/lexical'

const LOCALES = ['ru', 'en'] as const

function page(slug: PageSlug) {
  const found = PAGES.find((candidate) => candidate.slug === slug)
  if (!found) throw new Error(`page ${slug} is not seeded`)
  return found
}

function blockTexts(blocks: readonly RichBlock[]): string[] {
  return blocks.flatMap((block) => (block.type === 'list' ? block.items : [block.text]))
}

function text(slug: PageSlug, locale: (typeof LOCALES)[number]): string {
  return blockTexts(page(slug).body[locale]).join('\n')
}

describe('seeded pages', () => {
  it('are exactly privacy, user agreement and support', () => {
    expect(PAGES.map((candidate) => candidate.slug).sort()).toEqual(['privacy', 'support', 'user-agreement'])
  })

  it.each(PAGES.map((candidate) => candidate.slug))('%s has a title and a body in both languages', (slug) => {
    const { title, body } = page(slug)
    for (const locale of LOCALES) {
      expect(title[locale].trim()).not.toBe('')
      expect(body[locale].filter((block) => block.type === 'heading').length).toBeGreaterThanOrEqual(5)
      for (const piece of blockTexts(body[locale])) expect(piece.trim()).not.toBe('')
    }
    expect(title.ru).toMatch(/[а-яё]/i)
    expect(text(slug, 'ru')).toMatch(/[а-яё]/i)
    expect(title.en).not.toMatch(/[а-яё]/i)
    expect(text(slug, 'en')).not.toMatch(/[а-яё]/i)
  })

  it('legal pages have 8 to 12 numbered sections in each language, the same number in both', () => {
    for (const slug of ['privacy', 'user-agreement'] as const) {
      const counts = LOCALES.map((locale) => page(slug).body[locale].filter((block) => block.type === 'heading').length)
      expect(counts[0]).toBe(counts[1])
      expect(counts[0]).toBeGreaterThanOrEqual(8)
      expect(counts[0]).toBeLessThanOrEqual(12)
    }
  })

  it('use only known placeholders', () => {
    const known: readonly string[] = PAGE_PLACEHOLDERS
    for (const seeded of PAGES) {
      for (const locale of LOCALES) {
        const used = [seeded.title[locale], ...blockTexts(seeded.body[locale])].flatMap(listPlaceholders)
        for (const name of used) expect(known).toContain(name)
        expect(seeded.title[locale]).not.toMatch(/[{}]/)
      }
    }
  })

  it('leave no braces once placeholders are filled', () => {
    for (const seeded of PAGES) {
      for (const locale of LOCALES) {
        const plain = lexicalToPlainText(
          toLexical(seeded.body[locale], { siteName: 'VPN Keys', supportEmail: 'support@example.com' }),
        )
        expect(plain).not.toMatch(/[{}]/)
      }
    }
  })

  it('never mention the outdated 3-day trial', () => {
    for (const seeded of PAGES) {
      for (const locale of LOCALES) {
        const all = `${seeded.title[locale]}\n${text(seeded.slug, locale)}`
        expect(all).not.toMatch(/(^|[^\d])3\s*(дн|суток)/i)
        expect(all).not.toMatch(/(^|[^\d])(3|three)[\s-]*days?\b/i)
        expect(all).not.toMatch(/трёх|трех|три дня/i)
      }
    }
  })

  it('never ask for a phone number', () => {
    expect(text('privacy', 'ru')).toMatch(/номер телефона/)
    expect(text('privacy', 'en')).toMatch(/phone number/)
    for (const seeded of PAGES) {
      for (const locale of LOCALES) {
        const phoneLines = text(seeded.slug, locale)
          .split('\n')
          .filter((line) => /телефон|phone/i.test(line))
        for (const line of phoneLines) expect(line).toMatch(/не собираем|do not collect|^имя|^your name/i)
      }
    }
  })
})

describe('user agreement', () => {
  it('states the 10-day trial for 1 ruble and the charge of the full price afterwards', () => {
    expect(text('user-agreement', 'ru')).toMatch(/10 дней за 1 рубль/)
    expect(text('user-agreement', 'ru')).toMatch(/полная стоимость/)
    expect(text('user-agreement', 'en')).toMatch(/10-day trial for 1 ruble/)
    expect(text('user-agreement', 'en')).toMatch(/full price/)
  })

  it('covers subscription limits, payments, auto-renewal, cancellation, refunds and liability', () => {
    const ru = text('user-agreement', 'ru')
    expect(ru).toMatch(/до 10 устройств/)
    expect(ru).toMatch(/безлимитный трафик/i)
    expect(ru).toMatch(/более чем 50 странах/)
    expect(ru).toMatch(/Stripe/)
    expect(ru).toMatch(/автопродлени/)
    expect(ru).toMatch(/остаётся активной до конца оплаченного периода/)
    expect(ru).toMatch(/30 дней/)
    expect(ru).toMatch(/24 часа/)
    const en = text('user-agreement', 'en')
    expect(en).toMatch(/up to 10 devices/)
    expect(en).toMatch(/unlimited traffic/i)
    expect(en).toMatch(/50\+ countries/)
    expect(en).toMatch(/never see your card number/)
    expect(en).toMatch(/stays active until the end of the period you have paid for/)
    expect(en).toMatch(/30 days/)
    expect(en).toMatch(/24 hours/)
    for (const locale of LOCALES) {
      const headings = page('user-agreement').body[locale].filter((block) => block.type === 'heading')
      expect(headings.length).toBeGreaterThanOrEqual(8)
    }
  })
})

describe('privacy policy', () => {
  it('states the destruction periods of 30, 2 and 7 days', () => {
    const ru = text('privacy', 'ru')
    expect(ru).toMatch(/30 дней/)
    expect(ru).toMatch(/2 дней/)
    expect(ru).toMatch(/7 дней/)
    const en = text('privacy', 'en')
    expect(en).toMatch(/30 days/)
    expect(en).toMatch(/2 days/)
    expect(en).toMatch(/7 days/)
  })

  it('names e-mail as the only personal data and Stripe as the card processor', () => {
    expect(text('privacy', 'ru')).toMatch(/Единственные персональные данные.*адрес электронной почты/)
    expect(text('privacy', 'en')).toMatch(/only personal data.*e-mail address/)
    for (const locale of LOCALES) expect(text('privacy', locale)).toMatch(/Stripe/)
  })
})

describe('support page', () => {
  it('names the client app for every protocol', () => {
    for (const locale of LOCALES) {
      const support = text('support', locale)
      for (const app of ['v2rayNG', 'Hiddify', 'Streisand', 'v2rayN', 'Outline', 'WireGuard', 'OpenVPN Connect', 'SSTP']) {
        expect(support).toContain(app)
      }
      expect(support).toContain('{supportEmail}')
    }
  })

  it('explains that free keys are refreshed every 24 hours', () => {
    expect(text('support', 'ru')).toMatch(/обновляются каждые 24 часа/)
    expect(text('support', 'en')).toMatch(/refreshed every 24 hours/)
  })
})
