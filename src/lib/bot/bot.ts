// The site's bot for visitors and subscribers (grammY): free keys by country and protocol in the lists' order (the
// site's rule: keys proven where the visitors are first), each with its text to copy, its QR code and its file, the
// apps' feed and the key's page for the apps to install; VIP shows the plans with the site's terms and leads to its
// purchase form where the site sells VIP, and sells them for Telegram Stars where editors set a price in Stars
// (src/lib/billing/providers/stars.ts); a subscriber whose account is linked to their Telegram manages their own subscription
// (./subscription.ts) and opens the account as the Mini App; `/start link_…` links an account
// (src/lib/auth/telegramAccounts.ts); news (./broadcasts.ts) are taken and stopped here; support leads to the site
// and takes a message for staff (./support.ts). Russian or
// English: the user's choice (remembered, ./store.ts), else Telegram's language_code. Every button's data is checked
// against a pattern, names no account or subscription (the Telegram user who pressed it is the only one acted for),
// and all else a button can show is what the site's lists show anyone: altered data shows another public key at most.
import { Bot, InlineKeyboard } from 'grammy'
import type { GrammyError } from 'grammy'
import type { UserFromGetMe } from 'grammy/types'
import type { Payload } from 'payload'

import type { Locale } from '@/i18n/locales'
import { countryFlag } from '@/lib/countries/flag'
import { accountByTelegram, LINK_START_PREFIX, linkTelegram, shownEmail } from '@/lib/auth/telegramAccounts'
import { formatMoney } from '@/lib/billing/rules/pricing'
import { checkStarsCheckout, recordStarsPayment, recordStarsRefund, returnUnusedStarsPayment } from '@/lib/billing/providers/stars'
import type { CheckoutRefusal } from '@/lib/billing/providers/stars'
import { billingDate, purchaseTerms, termsText } from '@/lib/billing/rules/terms'
import { readKeyDetails, readListedKey, readListedPairs } from '@/lib/data/keys'
import { readPlans } from '@/lib/data/tariffs'
import { env } from '@/lib/env'
import { deliverMail } from '@/lib/mail/deliver'
import { consumeBotAllowance } from '@/lib/http/rateLimit'
import { siteUrl, absoluteUrl } from '@/lib/http/siteUrl'
import { isProtocol, PROTOCOLS } from '@/lib/keys'
import type { Protocol } from '@/lib/keys'
import { PROTOCOL_LABELS } from '@/lib/keys/labels'
import { keysSlug } from '@/lib/routing/keysFilter'

import { setNews, takesNews } from './broadcasts'
import { sellsOnSiteInBot } from './config'
import { botTranslator, escapeHtml, linkedSubscriber, show } from './context'
import type { BotContext, BotTranslator } from './context'
import { localeOfLanguageCode } from './language'
import { miniAppUrl } from './miniApp'
import { sendKeyMessages } from './keyMessage'
import { starsInvoiceFor, starsTerms } from './starsInvoice'
import { refusedForGood } from './refusals'
import { chooseLanguage, chosenLanguage, claimUpdate, releaseUpdate } from './store'
import { DEVICE_KEY_BUTTONS, onDeviceKeyButton } from './deviceKeys'
import { redeemInBot, sendGiftCode, sendGiftInvoice, showGiftPlans } from './gift'
import { keepReferral, REFERRAL_START_PREFIX } from './referral'
import { GIFT_START_PREFIX } from '@/lib/gift/rules'
import { onSubscriptionButton, showSubscription, SUBSCRIPTION_BUTTONS } from './subscription'
import { awaitSupportMessage, stopAwaitingSupport, supportMail, takeSupportMessage } from './support'
import { awaitPromo, givePromo, keepPromo, keptPromo, PROMO_START_PREFIX, starsDeals, stopAwaitingPromo, takeAwaitedPromo } from './promo'
import type { StarsDeal } from './promo'
import { promoError } from '@/lib/browser/purchaseForm'
import { tariffsTranslator } from '@/lib/promo/texts'
import { readSiteSettings } from '@/lib/data/siteSettings'

export { botTranslator }
export type { BotContext }

// Button data: `free`, `c:<country>`, `p:<country>:<protocol>`, `n:<country>:<protocol>:<key id>` (another key),
// `vip`, `b:<plan>` (an invoice in Stars, at the price after the user's promo code), `promo`, `promo:off|cancel`, `sub` and its screens (./subscription.ts, ./deviceKeys.ts), `support`, `support:write|cancel`,
// `news`, `news:on|off`, `lang`, `l:<locale>`, `menu`.
const COUNTRY = '([a-z]{2})'
const PROTOCOL = `(${PROTOCOLS.join('|')})`


/** The plans on sale: on the site, or for Stars here; none where neither sells VIP (then the bot offers none either). */
async function plansOnSale(locale: Locale) {
  const plans = await readPlans(locale)
  return sellsOnSiteInBot() ? plans : plans.filter((plan) => plan.starsPrice !== null)
}


async function mainMenu(t: BotTranslator, locale: Locale, subscriber: boolean): Promise<InlineKeyboard> {
  const keyboard = new InlineKeyboard().text(t('menuFreeKeys'), 'free').row()
  // A subscriber's own subscription takes the place of the plans.
  if (subscriber) keyboard.text(t('menuSubscription'), 'sub')
  else if ((await plansOnSale(locale)).length > 0) keyboard.text(t('menuVip'), 'vip')
  keyboard.text(t('menuSupport'), 'support').row()
  const account = miniAppUrl(env().serverUrl, locale)
  if (account) keyboard.webApp(t('menuAccount'), account).row()
  return keyboard.text(t('menuNews'), 'news').text(t('menuLanguage'), 'lang')
}

/** News: whether the user takes the site's news (editors' broadcasts, ./broadcasts.ts) and the button to change it. */
async function showNews(ctx: BotContext, payload: Payload): Promise<void> {
  const on = ctx.from ? await takesNews(payload, ctx.from.id) : false
  const keyboard = new InlineKeyboard().text(on ? ctx.t('newsUnsubscribe') : ctx.t('newsSubscribe'), on ? 'news:off' : 'news:on').row().text(ctx.t('back'), 'menu')
  await show(ctx, escapeHtml(on ? ctx.t('newsOn') : ctx.t('newsOff')), keyboard)
}

/**
 * VIP: each plan with what a new buyer pays today and what auto-renewal then charges (the site's terms text, the
 * trial where the plan has one) and the way to the site's purchase form, where the site sells; and its price in Stars
 * with a button to pay here, where editors set one.
 */
async function showVip(ctx: BotContext, payload: Payload): Promise<void> {
  const plans = await plansOnSale(ctx.locale)
  const onSite = sellsOnSiteInBot()
  const inStars = plans.some((plan) => plan.starsPrice !== null)
  const now = new Date()
  const lines = [escapeHtml(ctx.t('vip')), ...(onSite ? [escapeHtml(ctx.t('vipOnSite'))] : []), ...(inStars ? [escapeHtml(ctx.t('vipInStars'))] : [])]
  // The user's promo code (./promo.ts): the Stars prices after it; one that applies to no plan says why and is dropped.
  const code = ctx.from ? await keptPromo(payload, ctx.from.id) : null
  // Where the bot sells only through the site, the code goes with the link to the site's plans, which checks it.
  const { deals, refusal } = code && ctx.from && inStars ? await starsDeals(payload, ctx.from.id, code, plans) : { deals: new Map<number, StarsDeal>(), refusal: null }
  if (code && refusal && ctx.from) {
    await keepPromo(payload, ctx.from.id, null)
    lines.push('', escapeHtml(tariffsTranslator(ctx.locale)(promoError(refusal))))
  } else if (code) lines.push('', escapeHtml(ctx.t(inStars ? 'promoKept' : 'promoOnSite', { code })))
  const keyboard = new InlineKeyboard()
  for (const plan of plans) {
    lines.push('', `<b>${escapeHtml(plan.name)}</b>`)
    if (onSite) lines.push(escapeHtml(termsText(purchaseTerms({ ...plan, priceKopecks: plan.totalKopecks }, { trial: plan.trialDays > 0, now }), ctx.locale, 'short')))
    if (plan.starsPrice === null) continue
    const deal = deals.get(plan.id) ?? null
    lines.push(escapeHtml(starsTerms(ctx.t, ctx.locale, { months: plan.months, starsPrice: plan.starsPrice }, deal)))
    const stars = formatMoney(plan.starsPrice, 'XTR', ctx.locale)
    keyboard.text(deal ? ctx.t('payStarsPromo', { plan: plan.name, stars: formatMoney(deal.stars, 'XTR', ctx.locale), was: stars }) : ctx.t('payStars', { plan: plan.name, stars }), `b:${plan.id}`).row()
  }
  // A plan's period for someone else, one payment in Stars (./gift.ts).
  if (inStars) keyboard.text(ctx.t('giftButton'), 'gift').row()
  keyboard.text(code && !refusal ? ctx.t('promoRemove') : ctx.t('promoButton'), code && !refusal ? 'promo:off' : 'promo').row()
  if (onSite) keyboard.url(ctx.t('vipPlans'), `${siteUrl('/tariffs', ctx.locale, code && !refusal ? { promo: code } : undefined)}#buy`).row()
  await show(ctx, lines.join('\n'), keyboard.text(ctx.t('back'), 'menu'))
}

/**
 * `b:<plan>`: an invoice for the plan in Stars, made for the user who pressed (Telegram's payment form: a Stars
 * subscription for a monthly plan). A subscriber is sent to their subscription instead.
 */
async function sendStarsInvoice(ctx: BotContext, payload: Payload, invoiceSecret: string, planId: number): Promise<void> {
  const plan = (await plansOnSale(ctx.locale)).find((candidate) => candidate.id === planId)
  if (!plan?.starsPrice || !ctx.from) {
    await ctx.answerCallbackQuery({ text: ctx.t('starsNotOnSale') })
    return
  }
  if ((await linkedSubscriber(payload, ctx.from.id))?.subscription) {
    await ctx.answerCallbackQuery({ text: ctx.t('starsAlreadyVip') })
    return
  }
  if (!(await consumeBotAllowance(payload, 'botCostly', ctx.from.id)).ok) {
    await ctx.answerCallbackQuery({ text: ctx.t('tooFast') })
    return
  }
  await ctx.answerCallbackQuery()
  // At the price after the user's promo code, where it applies to this plan.
  const code = await keptPromo(payload, ctx.from.id)
  const deal = code ? ((await starsDeals(payload, ctx.from.id, code, [plan])).deals.get(plan.id) ?? null) : null
  const stars = formatMoney(deal?.stars ?? plan.starsPrice, 'XTR', ctx.locale)
  const link = await starsInvoiceFor(ctx.api, invoiceSecret, { plan: { ...plan, starsPrice: plan.starsPrice }, telegramId: ctx.from.id, locale: ctx.locale, deal })
  const keyboard = new InlineKeyboard().url(ctx.t('payButton', { stars }), link).row().text(ctx.t('back'), 'vip')
  await ctx.reply(escapeHtml(ctx.t('starsInvoice', { plan: plan.name, stars })), { parse_mode: 'HTML', reply_markup: keyboard })
}

const STARS_REFUSALS: Record<CheckoutRefusal, 'starsUnknownInvoice' | 'starsOutdated' | 'starsNotOnSale' | 'starsAlreadyVip' | 'starsPromoEnded'> = {
  unknownInvoice: 'starsUnknownInvoice',
  outdated: 'starsOutdated',
  notOnSale: 'starsNotOnSale',
  alreadyVip: 'starsAlreadyVip',
  promoEnded: 'starsPromoEnded',
}

/** A promo code given to the bot (typed or linked): kept and the plans shown with it, or why it cannot be. */
async function takePromo(ctx: BotContext, payload: Payload, typed: string): Promise<void> {
  if (!ctx.from) return
  const given = await givePromo(payload, ctx.from.id, typed)
  if (!given.ok) await ctx.reply(tariffsTranslator(ctx.locale)(given.error))
  await showVip(ctx, payload)
}

/** The site's name and support address, and the bot's texts editors set for this language (Site settings → Telegram bot). */
async function siteName(payload: Payload, locale: Locale): Promise<{ name: string; supportEmail: string; welcome: string | null; support: string | null }> {
  // In this language only: an English user never gets a Russian editor's text in place of the English standard one.
  const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: false, locale, fallbackLocale: false, depth: 0 })
  return { name: settings.siteName, supportEmail: settings.supportEmail, welcome: settings.bot?.welcome?.trim() || null, support: settings.bot?.support?.trim() || null }
}


async function showMenu(ctx: BotContext, payload: Payload): Promise<void> {
  const { name, welcome } = await siteName(payload, ctx.locale)
  const subscriber = await linkedSubscriber(payload, ctx.from?.id)
  await show(ctx, escapeHtml(welcome ?? ctx.t('welcome', { siteName: name })), await mainMenu(ctx.t, ctx.locale, Boolean(subscriber?.subscription)))
}

/**
 * `/start link_<token>` from "Link Telegram" in the account's settings: links the Telegram user who pressed Start to
 * that account, once; says what came of it.
 */
async function linkAccount(ctx: BotContext, payload: Payload, token: string): Promise<void> {
  if (!ctx.from) return
  const outcome = await linkTelegram(payload, token, { id: ctx.from.id, username: ctx.from.username ?? null })
  const text =
    outcome.kind === 'linked'
      ? shownEmail(outcome.user)
        ? ctx.t('linkDone', { email: outcome.user.email })
        : ctx.t('linkDoneTelegramOnly')
      : outcome.kind === 'already'
        ? ctx.t('linkAlready')
        : outcome.kind === 'taken'
          ? ctx.t('linkTaken')
          : ctx.t('linkExpired')
  await ctx.reply(text, { link_preview_options: { is_disabled: true } })
}

async function showCountries(ctx: BotContext): Promise<void> {
  const pairs = await readListedPairs(ctx.locale)
  const countries = [...new Map(pairs.map(({ code, name }) => [code, name])).entries()]
  const keyboard = new InlineKeyboard()
  countries.forEach(([code, name], index) => {
    keyboard.text(`${countryFlag(code)} ${name}`, `c:${code}`)
    if (index % 2 === 1) keyboard.row()
  })
  if (countries.length % 2 === 1) keyboard.row()
  keyboard.text(ctx.t('back'), 'menu')
  await show(ctx, ctx.t(countries.length > 0 ? 'chooseCountry' : 'noKeys'), keyboard)
}

async function showProtocols(ctx: BotContext, code: string): Promise<void> {
  const pairs = (await readListedPairs(ctx.locale)).filter((pair) => pair.code === code)
  const keyboard = new InlineKeyboard()
  // The lists' protocol order (src/lib/keys/listOrder.ts's groups): the phone-ready ones first.
  const protocols = PROTOCOLS.filter((protocol) => pairs.some((pair) => pair.protocol === protocol))
  protocols.forEach((protocol, index) => {
    keyboard.text(PROTOCOL_LABELS[protocol], `p:${code}:${protocol}`)
    if (index % 3 === 2) keyboard.row()
  })
  if (protocols.length % 3 !== 0) keyboard.row()
  keyboard.text(ctx.t('back'), 'free')
  const country = pairs[0]?.name
  await show(ctx, country ? escapeHtml(ctx.t('chooseProtocol', { country: `${countryFlag(code)} ${country}` })) : ctx.t('noKeysThere'), keyboard)
}

/** Sends a key as new messages (kept in the chat): its text to copy, its QR code, its file. */
async function sendKey(ctx: BotContext, code: string, protocol: Protocol, after: number | null): Promise<void> {
  const filter = { country: code, protocol }
  let row = await readListedKey(ctx.locale, filter, after)
  let wrapped = false
  if (!row && after !== null) {
    row = await readListedKey(ctx.locale, filter, null)
    wrapped = row !== null
  }
  if (!row) {
    await ctx.answerCallbackQuery({ text: ctx.t('noKeysThere') })
    return
  }
  const details = await readKeyDetails(row.id, ctx.locale)
  if (!details) {
    await ctx.answerCallbackQuery({ text: ctx.t('noKeysThere') })
    return
  }
  await ctx.answerCallbackQuery(wrapped ? { text: ctx.t('firstAgain') } : {})
  const keyboard = new InlineKeyboard()
    .text(ctx.t('anotherKey'), `n:${code}:${protocol}:${details.id}`)
    .row()
    .url(ctx.t('howToConnect'), `${siteUrl(`/keys/${details.id}`, ctx.locale)}#apps`)
    .row()
    .url(ctx.t('feed'), absoluteUrl(`/api/feed/${keysSlug({ protocol, country: code })}`))
    .row()
    .text(ctx.t('menu'), 'menu')
  await sendKeyMessages(ctx, details, keyboard)
}

/**
 * The bot with its handlers. `botInfo` skips the getMe a bot otherwise asks once before its first update; `apiRoot`:
 * another Bot API server (the tests' double).
 */
export function createSiteBot(payload: Payload, { token, apiRoot, invoiceSecret, botInfo }: { token: string; apiRoot: string; invoiceSecret: string; botInfo?: UserFromGetMe }): Bot<BotContext> {
  const bot = new Bot<BotContext>(token, { client: { apiRoot }, ...(botInfo ? { botInfo } : {}) })

  // Each update once, whichever instance Telegram reached and however often it is sent again; given back if its
  // handling failed for a reason that may pass, so Telegram's next try is handled.
  bot.use(async (ctx, next) => {
    const id = ctx.update.update_id
    if (!(await claimUpdate(payload, id))) return
    try {
      await next()
    } catch (error) {
      // Refused for good (a user who blocked the bot, a button pressed too long ago): handled, nothing to try again.
      if (refusedForGood(error)) {
        console.warn(`The site's bot: update ${id} answered in part (${(error as GrammyError).description})`)
        return
      }
      await releaseUpdate(payload, id)
      throw error
    }
  })

  bot.use(async (ctx, next) => {
    const chosen = ctx.from ? await chosenLanguage(payload, ctx.from.id) : null
    ctx.locale = chosen ?? localeOfLanguageCode(ctx.from?.language_code)
    ctx.t = botTranslator(ctx.locale)
    await next()
  })

  // Each user's updates counted, so a script pressing buttons cannot hold the database or the Bot API: over the
  // allowance a press is told to wait and a message is answered once. Payments never (Telegram's question must be
  // answered, and a payment or refund recorded, whatever came before).
  bot.use(async (ctx, next) => {
    // Only what is said to the bot in private (it answers nothing in groups, which then cost the user nothing).
    if (!ctx.from || ctx.chat?.type !== 'private' || ctx.preCheckoutQuery || ctx.message?.successful_payment || ctx.message?.refunded_payment) return next()
    const allowance = await consumeBotAllowance(payload, 'botUpdate', ctx.from.id)
    if (allowance.ok) return next()
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: ctx.t('tooFast') })
    else if (allowance.firstRefusal) await ctx.reply(ctx.t('tooFast'))
  })

  // Private chats only: in a group the bot says nothing.
  const chats = bot.chatType('private')
  chats.command('start', async (ctx) => {
    const start = ctx.match.trim()
    if (start.startsWith(LINK_START_PREFIX)) await linkAccount(ctx, payload, start.slice(LINK_START_PREFIX.length))
    // A promo link: the code kept, and the plans shown with it.
    if (start.startsWith(PROMO_START_PREFIX)) return takePromo(ctx, payload, start.slice(PROMO_START_PREFIX.length))
    // A gift's link: redeemed into this Telegram user's account, then the menu (with My subscription).
    if (start.startsWith(GIFT_START_PREFIX)) await redeemInBot(ctx, payload, start.slice(GIFT_START_PREFIX.length))
    // A friend's referral link: the code kept for the first purchase, and what it gives said once.
    if (start.startsWith(REFERRAL_START_PREFIX) && (await keepReferral(payload, ctx.from.id, start.slice(REFERRAL_START_PREFIX.length)))) {
      const { referralDays } = await readSiteSettings(payload)
      if (referralDays) await ctx.reply(ctx.t('referralWelcome', { days: referralDays }))
    }
    await showMenu(ctx, payload)
  })
  chats.command('keys', (ctx) => showCountries(ctx))
  chats.command('language', (ctx) => show(ctx, ctx.t('chooseLanguage'), languageKeyboard()))

  chats.callbackQuery('menu', async (ctx) => {
    await ctx.answerCallbackQuery()
    await showMenu(ctx, payload)
  })
  chats.callbackQuery('free', async (ctx) => {
    await ctx.answerCallbackQuery()
    await showCountries(ctx)
  })
  chats.callbackQuery(new RegExp(`^c:${COUNTRY}$`), async (ctx) => {
    await ctx.answerCallbackQuery()
    await showProtocols(ctx, ctx.match[1]!)
  })
  chats.callbackQuery(new RegExp(`^p:${COUNTRY}:${PROTOCOL}$`), async (ctx) => {
    const protocol = ctx.match[2]
    if (isProtocol(protocol)) await sendKey(ctx, ctx.match[1]!, protocol, null)
  })
  chats.callbackQuery(new RegExp(`^n:${COUNTRY}:${PROTOCOL}:(\\d{1,9})$`), async (ctx) => {
    const protocol = ctx.match[2]
    if (isProtocol(protocol)) await sendKey(ctx, ctx.match[1]!, protocol, Number(ctx.match[3]))
  })
  chats.callbackQuery('vip', async (ctx) => {
    await ctx.answerCallbackQuery()
    await showVip(ctx, payload)
  })
  chats.callbackQuery('promo', async (ctx) => {
    await awaitPromo(payload, ctx.from.id)
    await ctx.answerCallbackQuery()
    await show(ctx, escapeHtml(ctx.t('promoPrompt')), new InlineKeyboard().text(ctx.t('supportCancel'), 'promo:cancel'))
  })
  chats.callbackQuery('promo:cancel', async (ctx) => {
    await stopAwaitingPromo(payload, ctx.from.id)
    await ctx.answerCallbackQuery()
    await showVip(ctx, payload)
  })
  chats.callbackQuery('promo:off', async (ctx) => {
    await keepPromo(payload, ctx.from.id, null)
    await ctx.answerCallbackQuery()
    await showVip(ctx, payload)
  })
  chats.callbackQuery(/^b:(\d{1,9})$/, (ctx) => sendStarsInvoice(ctx, payload, invoiceSecret, Number(ctx.match[1])))
  chats.callbackQuery('gift', async (ctx) => {
    await ctx.answerCallbackQuery()
    await showGiftPlans(ctx)
  })
  chats.callbackQuery(/^gb:(\d{1,9})$/, (ctx) => sendGiftInvoice(ctx, payload, invoiceSecret, Number(ctx.match[1])))
  // Telegram asks before taking the Stars (and waits 10 seconds): the invoice must be the site's, for this user, at
  // its price, for a plan still sold, and the buyer not a subscriber already.
  bot.on('pre_checkout_query', async (ctx) => {
    const refusal = await checkStarsCheckout(payload, invoiceSecret, ctx.preCheckoutQuery)
    await (refusal ? ctx.answerPreCheckoutQuery(false, { error_message: ctx.t(STARS_REFUSALS[refusal]) }) : ctx.answerPreCheckoutQuery(true))
  })
  chats.on('message:successful_payment', async (ctx) => {
    const { result, unused, gift } = await recordStarsPayment(payload, invoiceSecret, { from: ctx.from, paid: ctx.message.successful_payment, locale: ctx.locale })
    // A gift: its code, to forward.
    if (gift) return sendGiftCode(ctx, gift.code)
    // A payment that bought nothing (its subscription had ended, or the invoice was not the site's) goes back at once.
    if (unused) {
      if (await returnUnusedStarsPayment(payload, ctx.api, unused)) await ctx.reply(ctx.t(unused.subscription ? 'starsReturnedEnded' : 'starsReturnedUnknown'))
      return
    }
    // A renewal's notice comes from the record (the "renewed" notice); the first payment is answered here.
    if (result !== 'applied' || (ctx.message.successful_payment.is_recurring && !ctx.message.successful_payment.is_first_recurring)) return
    // The promo code did its work: the next purchase is without it.
    await keepPromo(payload, ctx.from.id, null)
    const subscriber = await linkedSubscriber(payload, ctx.from.id)
    const until = subscriber?.subscription?.currentPeriodEnd
    if (until) await ctx.reply(ctx.t('starsPaid', { date: billingDate(until, ctx.locale) }))
    await showSubscription(ctx, payload)
  })
  chats.on('message:refunded_payment', async (ctx) => {
    if ((await recordStarsRefund(payload, invoiceSecret, { from: ctx.from, refunded: ctx.message.refunded_payment })) === 'applied') await ctx.reply(ctx.t('starsRefunded'))
  })
  chats.callbackQuery('sub', async (ctx) => {
    await ctx.answerCallbackQuery()
    await showSubscription(ctx, payload)
  })
  chats.command('subscription', (ctx) => showSubscription(ctx, payload))
  chats.callbackQuery(SUBSCRIPTION_BUTTONS, (ctx) => onSubscriptionButton(ctx, payload, ctx.callbackQuery.data))
  chats.callbackQuery(DEVICE_KEY_BUTTONS, (ctx) => onDeviceKeyButton(ctx, payload, ctx.callbackQuery.data))
  chats.callbackQuery('support', async (ctx) => {
    await ctx.answerCallbackQuery()
    const { supportEmail, support } = await siteName(payload, ctx.locale)
    // The editors' words first, then always the way to reach support.
    const text = [support, ctx.t('support', { email: supportEmail })].filter(Boolean).join('\n\n')
    const keyboard = new InlineKeyboard().text(ctx.t('supportWrite'), 'support:write').row().url(ctx.t('supportPage'), siteUrl('/support', ctx.locale)).row().text(ctx.t('back'), 'menu')
    await show(ctx, escapeHtml(text), keyboard)
  })
  chats.callbackQuery('support:write', async (ctx) => {
    await awaitSupportMessage(payload, ctx.from.id)
    await ctx.answerCallbackQuery()
    await show(ctx, escapeHtml(ctx.t('supportPrompt')), new InlineKeyboard().text(ctx.t('supportCancel'), 'support:cancel'))
  })
  chats.callbackQuery('support:cancel', async (ctx) => {
    await stopAwaitingSupport(payload, ctx.from.id)
    await ctx.answerCallbackQuery()
    await showMenu(ctx, payload)
  })
  chats.command('news', (ctx) => showNews(ctx, payload))
  chats.callbackQuery('news', async (ctx) => {
    await ctx.answerCallbackQuery()
    await showNews(ctx, payload)
  })
  chats.callbackQuery(/^news:(on|off)$/, async (ctx) => {
    await setNews(payload, ctx.from.id, ctx.locale, ctx.match[1] === 'on')
    await ctx.answerCallbackQuery()
    await showNews(ctx, payload)
  })
  chats.callbackQuery('lang', async (ctx) => {
    await ctx.answerCallbackQuery()
    await show(ctx, ctx.t('chooseLanguage'), languageKeyboard())
  })
  chats.callbackQuery(/^l:(ru|en)$/, async (ctx) => {
    const locale = ctx.match[1] === 'en' ? 'en' : 'ru'
    await chooseLanguage(payload, ctx.from.id, locale)
    ctx.locale = locale
    ctx.t = botTranslator(locale)
    await ctx.answerCallbackQuery({ text: ctx.t('languageSet') })
    await showMenu(ctx, payload)
  })
  // Anything else a button says (an old menu, or data someone made up) changes nothing.
  bot.on('callback_query', (ctx) => ctx.answerCallbackQuery({ text: ctx.t('outdated') }))
  // The code the bot waits for after "🎟 Промокод".
  chats.on('message:text', async (ctx, next) => {
    if (!(await takeAwaitedPromo(payload, ctx.from.id))) return next()
    await takePromo(ctx, payload, ctx.message.text)
  })
  // The message the bot waits for after "write to us": to the support address.
  chats.on('message:text', async (ctx, next) => {
    const taken = await takeSupportMessage(payload, ctx.from.id)
    if (taken === 'none') return next()
    if (taken === 'tooSoon') {
      await ctx.reply(ctx.t('supportTooSoon'))
      return
    }
    const { name, supportEmail } = await siteName(payload, ctx.locale)
    const account = await accountByTelegram(payload, ctx.from.id)
    await deliverMail(payload, supportEmail, await supportMail({ from: { ...ctx.from, language: ctx.locale }, account, text: ctx.message.text, siteName: name }))
    await ctx.reply(ctx.t('supportSent'))
  })
  // Any other message in a private chat: the menu.
  chats.on('message', (ctx) => showMenu(ctx, payload))

  return bot
}

function languageKeyboard(): InlineKeyboard {
  return new InlineKeyboard().text('Русский', 'l:ru').text('English', 'l:en')
}

/** The commands Telegram lists in the bot's menu, per language. */
export function botCommands(locale: Locale): { command: string; description: string }[] {
  const t = botTranslator(locale)
  return [
    { command: 'start', description: t('commandStart') },
    { command: 'keys', description: t('commandKeys') },
    { command: 'subscription', description: t('commandSubscription') },
    { command: 'news', description: t('commandNews') },
    { command: 'language', description: t('commandLanguage') },
  ]
}
