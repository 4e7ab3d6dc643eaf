// The gift e-mail to its buyer: the code to forward, the page that redeems it, and what it gives, in the buyer's
// language. Plain lines (./templates' notice): the code must survive being copied out of any mail client.
import type { Locale } from '@/i18n/locales'
import { renderNotice } from '@/lib/mail/templates'
import type { RenderedMail } from '@/lib/mail/templates'

const COPY: Record<Locale, { subject: string; bot: string; lines: (values: { code: string; link: string; plan: string; months: number }) => string[] }> = {
  ru: {
    subject: 'Подарок: VIP-подписка на сайте {siteName}',
    bot: 'Или в Telegram: {link}',
    lines: ({ code, link, plan, months }) => [
      'Спасибо за покупку! Перешлите этот код тому, кому дарите подписку:',
      code,
      `Активировать подарок: ${link}`,
      `Подарок — тариф «${plan}» на ${months} мес. без автопродления. Если у получателя уже есть подписка, срок добавится к ней.`,
      'Код действует один раз. Если передумаете до активации, напишите в поддержку: деньги вернём, код перестанет действовать.',
    ],
  },
  en: {
    subject: 'Your gift: a VIP subscription at {siteName}',
    bot: 'Or in Telegram: {link}',
    lines: ({ code, link, plan, months }) => [
      'Thank you! Forward this code to the person you are giving the subscription to:',
      code,
      `Redeem the gift: ${link}`,
      `The gift is the “${plan}” plan for ${months} ${months === 1 ? 'month' : 'months'}, without auto-renewal. If they already subscribe, it is added to their subscription.`,
      'The code works once. If you change your mind before it is redeemed, write to support: we refund it and the code stops working.',
    ],
  },
}

/** `botLink`: the bot's `start=gift-…` link, where the site has a bot. */
export function giftMail({ locale, siteName, code, link, botLink = null, plan, months }: { locale: Locale; siteName: string; code: string; link: string; botLink?: string | null; plan: string; months: number }): RenderedMail {
  const copy = COPY[locale]
  const [thanks, shown, redeem, ...rest] = copy.lines({ code, link, plan, months })
  const lines = [thanks!, shown!, redeem!, ...(botLink ? [copy.bot.replace('{link}', botLink)] : []), ...rest]
  return renderNotice({ locale, siteName, subject: copy.subject.replace('{siteName}', siteName), lines })
}
