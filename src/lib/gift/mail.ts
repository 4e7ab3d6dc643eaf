// The gift e-mail to its buyer: the code to forward, the page that redeems it, and what it gives, in the buyer's
// language (the words: the catalogues' Mail.gift). Plain lines (the mail templates' notice): the code must survive
// being copied out of any mail client.
import type { Locale } from '@/i18n/locales'
import { mailTranslator, renderNotice } from '@/lib/mail/templates'
import type { RenderedMail } from '@/lib/mail/templates'

/** `botLink`: the bot's `start=gift-…` link, where the site has a bot. */
export function giftMail({ locale, siteName, code, link, botLink = null, plan, months }: { locale: Locale; siteName: string; code: string; link: string; botLink?: string | null; plan: string; months: number }): Promise<RenderedMail> {
  const t = mailTranslator(locale)
  const lines = [t('gift.thanks'), code, t('gift.redeem', { link }), ...(botLink ? [t('gift.bot', { link: botLink })] : []), t('gift.terms', { plan, months }), t('gift.once')]
  return renderNotice({ locale, siteName, subject: t('gift.subject', { siteName }), lines })
}
