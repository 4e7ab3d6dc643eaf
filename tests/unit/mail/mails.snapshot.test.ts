// Every e-mail the site sends from src/lib/mail (and the gift's, src/lib/gift/mail.ts), in Russian and English, pinned by a snapshot of its subject, text
// and HTML: a change of a word shows in review as a change of the snapshot (tests/unit/mail/__snapshots__).
import { describe, expect, it } from 'vitest'

import type { Locale } from '@/i18n/locales'
import { giftMail } from '@/lib/gift/mail'
import type { SubscriptionState } from '@/lib/billing/rules/lifecycle'
import { renderBillingMail } from '@/lib/mail/billingTemplates'
import type { BillingMailKind } from '@/lib/mail/billingTemplates'
import { renderAddressTakenNotice, renderDeletionNotice, renderDeviceLimitNotice, renderEmailChangedNotice, renderKeysChangedNotice, renderLinkMail, renderPasswordChangedNotice } from '@/lib/mail/templates'
import type { MailKind } from '@/lib/mail/templates'

const LOCALES: Locale[] = ['ru', 'en']
const siteName = 'VPN <ключи>'
const LINK_KINDS: MailKind[] = ['login', 'register', 'registerFromLogin', 'changeEmail', 'purchase', 'staffReset']
const BILLING_KINDS: BillingMailKind[] = ['activated', 'renewed', 'paymentFailed', 'paymentRetry', 'expired', 'trialEnding', 'renewalCancelled', 'renewalResumed', 'paymentMethodRemoved']
const live: SubscriptionState = {
  status: 'active',
  trialEndsAt: '2026-12-10T09:00:00.000Z',
  currentPeriodEnd: '2026-12-30T09:00:00.000Z',
  nextPaymentAt: '2026-12-30T09:00:00.000Z',
  cancelAtPeriodEnd: false,
}
const ended: SubscriptionState = { ...live, status: 'expired', nextPaymentAt: null }

describe.each(LOCALES)('the e-mails in %s', (locale) => {
  it.each(LINK_KINDS)('the link mail %s', async (kind) => {
    expect(await renderLinkMail({ kind, locale, siteName, link: 'https://vpnkeys.test/api/auth/confirm?token=a&b=<c>' })).toMatchSnapshot()
  })

  it('the notices', async () => {
    expect(await renderEmailChangedNotice({ locale, siteName, newEmail: 'new@mail.example', supportEmail: 'help@vpnkeys.test' })).toMatchSnapshot()
    expect(await renderDeletionNotice({ locale, siteName, restoreUntil: new Date('2026-12-30T09:00:00.000Z') })).toMatchSnapshot()
    expect(await renderDeletionNotice({ locale, siteName, restoreUntil: new Date('2026-12-30T09:00:00.000Z'), telegramOnly: true })).toMatchSnapshot()
    expect(await renderPasswordChangedNotice({ locale, siteName, supportEmail: 'help@vpnkeys.test' })).toMatchSnapshot()
    expect(await renderAddressTakenNotice({ locale, siteName, supportEmail: 'help@vpnkeys.test' })).toMatchSnapshot()
    expect(await renderKeysChangedNotice({ locale, siteName, url: 'https://vpnkeys.test/profile/servers' })).toMatchSnapshot()
    expect(await renderDeviceLimitNotice({ locale, siteName, devices: locale === 'ru' ? '10 устройств' : '10 devices', url: 'https://vpnkeys.test/profile/servers' })).toMatchSnapshot()
  })

  it.each(BILLING_KINDS)('the subscription mail %s, plain, with the next amount, and after the end', async (kind) => {
    const common = { kind, locale, siteName, serverUrl: 'https://vpnkeys.test' }
    expect(await renderBillingMail({ ...common, subscription: live })).toMatchSnapshot()
    expect(await renderBillingMail({ ...common, subscription: live, amount: '299 ₽' })).toMatchSnapshot()
    expect(await renderBillingMail({ ...common, subscription: ended })).toMatchSnapshot()
  })

  it('the gift mail, for a month and a year, with the bot’s link and without', async () => {
    const common = { locale, siteName, code: 'ABCD-EFGH-JKLM-NPQR', link: 'https://vpnkeys.test/gift?code=ABCDEFGHJKLMNPQR' }
    expect(await giftMail({ ...common, plan: locale === 'ru' ? '1 месяц' : '1 month', months: 1 })).toMatchSnapshot()
    expect(await giftMail({ ...common, plan: locale === 'ru' ? '12 месяцев' : '12 months', months: 12, botLink: 'https://t.me/vpnkeys_bot?start=gift-ABCDEFGHJKLMNPQR' })).toMatchSnapshot()
  })

  it('the activation mail with its terms, one-time link, mirrors and subscription URLs, and for a held trial', async () => {
    const common = { kind: 'activated' as const, locale, siteName, serverUrl: 'https://vpnkeys.test', subscription: live }
    expect(
      await renderBillingMail({
        ...common,
        link: 'https://vpnkeys.test/api/auth/confirm?token=x',
        linkOnMirrors: ['https://mirror.vpnkeys.test/api/auth/confirm?token=x'],
        terms: locale === 'ru' ? 'Оплачено 1 ₽ за 10 дней.' : 'Paid 1 ₽ for 10 days.',
        subscriptionUrls: ['https://vpnkeys.test/api/subscription/1/t', 'https://mirror.vpnkeys.test/api/subscription/1/t'],
      }),
    ).toMatchSnapshot()
    expect(await renderBillingMail({ ...common, heldUntil: '2027-01-08T09:00:00.000Z' })).toMatchSnapshot()
  })
})
