// "⭐ Моя подписка" in the site's bot: the VIP subscription of the account linked to the Telegram user who pressed
// (never one a button's data names): its plan and state, the next payment with its amount or the date access ends,
// the personal subscription URL with its QR code; its devices with "remove" (each checked to be the user's own, as My
// servers does), auto-renewal off (with the cancel offer, as on the site) and on, and the subscription URL replaced on
// a confirmation; its device keys (./deviceKeys.ts). The same rules as the site's pages, by the same code.
import { InlineKeyboard, InputFile } from 'grammy'
import { createTranslator } from 'next-intl'
import type { Payload } from 'payload'

import en from '@/i18n/messages/en.json'
import ru from '@/i18n/messages/ru.json'
import { billingProvider } from '@/lib/billing'
import { isEnded } from '@/lib/billing/rules/lifecycle'
import { formatMoney, formatRubles } from '@/lib/billing/rules/pricing'
import { isOneTimeStars, STARS_PROVIDER } from '@/lib/billing/providers/provider'
import { changeRenewal, hasUsedCancelDiscount } from '@/lib/billing/record/renewalChoice'
import type { RenewalChoice } from '@/lib/billing/record/renewalChoice'
import { discounted } from '@/lib/billing/rules/renewalPlan'
import { billingDate } from '@/lib/billing/rules/terms'
import { env } from '@/lib/env'
import { absoluteUrl, siteUrl } from '@/lib/http/siteUrl'
import { referralSiteUrl, referralSummaryOf } from '@/lib/referral'
import { countDeviceKeys, MAX_DEVICE_KEYS } from '@/lib/vip/deviceKeys'
import { deviceLimitOf, ownDevices, removeOwnDevice } from '@/lib/feeds/ownDevices'
import { personalFeedPath, rotateFeedUrl } from '@/lib/feeds/personalUrl'
import type { Subscription, User } from '@/payload-types'

import { escapeHtml, linkedSubscriber, show } from './context'
import type { BotContext } from './context'
import { miniAppUrl } from './miniApp'
import { qrPng } from './qr'
import { botStartLink } from './identity'
import { REFERRAL_START_PREFIX } from './referral'
import { readSiteSettings } from '@/lib/data/siteSettings'

// Button data: `sub`, `dv` (devices), `dx:<device>` (remove it), `rn:off` (the question), `rn:cancel`, `rn:discount`,
// `rn:on`, `lk:ask`, `lk:yes` (replace the subscription URL).
export const SUBSCRIPTION_BUTTONS = /^(dv|dx:\d{1,9}|rn:(?:off|cancel|discount|on)|lk:(?:ask|yes))$/

const subscriptionTexts = (ctx: BotContext) => createTranslator({ locale: ctx.locale, messages: ctx.locale === 'en' ? en : ru, namespace: 'Subscription' })
const STATUS = { trialing: 'isTrial', active: 'isActive', past_due: 'isPastDue', cancelled: 'isCancelled', expired: 'isExpired' } as const

/** Whether the subscriber can turn renewal on and off here: not once ended, not a one-time Stars purchase. */
function renewalChangeable(subscription: Subscription): boolean {
  return !isEnded(subscription.status) && !isOneTimeStars(subscription)
}

/** The account's button (the Mini App where the site is on HTTPS, else the site's page), then "back". */
function withAccountAndBack(ctx: BotContext, keyboard: InlineKeyboard): InlineKeyboard {
  const account = miniAppUrl(env().serverUrl, ctx.locale)
  if (account) keyboard.webApp(ctx.t('menuAccount'), account).row()
  else keyboard.url(ctx.t('menuAccount'), siteUrl('/profile/subscription', ctx.locale)).row()
  return keyboard.text(ctx.t('back'), 'menu')
}

/** My subscription; with its QR code when opened (not when coming back to it from one of its screens). */
export async function showSubscription(ctx: BotContext, payload: Payload, { withQr = true } = {}): Promise<void> {
  const subscriber = await linkedSubscriber(payload, ctx.from?.id)
  if (!subscriber?.subscription) {
    await show(ctx, escapeHtml(ctx.t(subscriber ? 'noSubscription' : 'notLinked')), withAccountAndBack(ctx, new InlineKeyboard()))
    return
  }
  const { user, subscription } = subscriber
  const tariff = typeof subscription.tariff === 'object' ? subscription.tariff : await payload.findByID({ collection: 'tariffs', id: subscription.tariff, locale: ctx.locale, depth: 0, disableErrors: true })
  const until = subscription.currentPeriodEnd ?? subscription.trialEndsAt
  const renewal = subscription.renewal
  const lines = [`<b>${escapeHtml(ctx.t('subscriptionTitle', { plan: tariff?.name ?? 'VIP' }))}</b>`, escapeHtml(subscriptionTexts(ctx)(STATUS[subscription.status]))]
  // In Stars where Telegram charges the renewals, else in rubles with a pending discount.
  const nextAmount = renewal?.stars ? formatMoney(renewal.stars, 'XTR', ctx.locale) : renewal?.amountKopecks ? formatRubles(discounted(renewal.amountKopecks, renewal.discountPercent ?? null), ctx.locale) : null
  if (until && !subscription.cancelAtPeriodEnd && nextAmount) lines.push(escapeHtml(ctx.t('nextPayment', { amount: nextAmount, date: billingDate(until, ctx.locale) })))
  else if (until) lines.push(escapeHtml(ctx.t('accessUntil', { date: billingDate(until, ctx.locale) })))
  const feedUrl = absoluteUrl(await personalFeedPath(payload, user.id))
  lines.push('', escapeHtml(ctx.t('feedUrlHint')), `<code>${escapeHtml(feedUrl)}</code>`)
  // The subscriber's referral links (the bot's and the site's), and what they brought (src/lib/referral).
  const referral = await referralSummaryOf(payload, user.id)
  const { referralDays } = await readSiteSettings(payload)
  if (referralDays) {
    const links = [ctx.me.username ? botStartLink(ctx.me.username, `${REFERRAL_START_PREFIX}${referral.code}`) : null, referralSiteUrl(referral.code, ctx.locale)].filter((link) => link !== null)
    lines.push('', escapeHtml(ctx.t('referralInvite', { days: referralDays })), ...links.map((link) => `<code>${escapeHtml(link)}</code>`))
    lines.push(escapeHtml(ctx.t('referralCounts', { friends: referral.friends, days: referral.earnedDays })))
    if (referral.waitingDays > 0) lines.push(escapeHtml(ctx.t('referralWaiting', { days: referral.waitingDays })))
  }
  const devices = await ownDevices(payload, user)
  const keyboard = new InlineKeyboard()
  // One tap to the apps: the subscription URL opened in a browser is a page with each app's import button (Telegram's
  // buttons open web addresses only, not an app's own links; and only HTTPS ones).
  if (feedUrl.startsWith('https://')) keyboard.url(ctx.t('feedImport'), feedUrl).row()
  keyboard.text(ctx.t('devicesButton', { count: devices.length, limit: await deviceLimitOf(payload, subscription) }), 'dv').row()
  keyboard.text(ctx.t('keysButton', { count: await countDeviceKeys(payload, user), max: MAX_DEVICE_KEYS }), 'ks').row()
  if (renewalChangeable(subscription)) keyboard.text(subscription.cancelAtPeriodEnd ? ctx.t('renewalOn') : ctx.t('renewalOff'), subscription.cancelAtPeriodEnd ? 'rn:on' : 'rn:off').row()
  keyboard.text(ctx.t('linkReplace'), 'lk:ask').row()
  await show(ctx, lines.join('\n'), withAccountAndBack(ctx, keyboard))
  if (withQr) await ctx.replyWithPhoto(new InputFile(await qrPng(feedUrl), 'subscription.png'), { caption: ctx.t('feedQrCaption') })
}

async function showDevices(ctx: BotContext, payload: Payload, user: User, subscription: Subscription): Promise<void> {
  const devices = await ownDevices(payload, user)
  const limit = await deviceLimitOf(payload, subscription)
  const keyboard = new InlineKeyboard()
  for (const device of devices) {
    const label = [device.model ?? ctx.t('deviceUnknown'), [device.os, device.osVersion].filter(Boolean).join(' ')].filter(Boolean).join(' · ')
    keyboard.text(ctx.t('deviceRemove', { device: label.slice(0, 48) }), `dx:${device.id}`).row()
  }
  keyboard.text(ctx.t('back'), 'sub')
  await show(ctx, escapeHtml(devices.length > 0 ? ctx.t('devicesTitle', { count: devices.length, limit }) : ctx.t('devicesNone')), keyboard)
}

/** Turning renewal off: the cancel offer first where the account has not used it (as the site's page does). */
async function askRenewalOff(ctx: BotContext, payload: Payload, user: User, subscription: Subscription): Promise<void> {
  const until = billingDate(subscription.currentPeriodEnd ?? new Date().toISOString(), ctx.locale)
  const keyboard = new InlineKeyboard()
  const lines = [ctx.t('renewalConfirm', { date: until })]
  if (subscription.provider?.name !== STARS_PROVIDER && !(await hasUsedCancelDiscount(payload, user.id))) {
    const { cancelDiscountPercent: percent } = await readSiteSettings(payload)
    lines.unshift(ctx.t('renewalOffer', { percent }))
    keyboard.text(ctx.t('renewalTakeDiscount', { percent }), 'rn:discount').row()
  }
  keyboard.text(ctx.t('renewalCancelYes'), 'rn:cancel').row().text(ctx.t('renewalKeep'), 'sub')
  await show(ctx, escapeHtml(lines.join('\n\n')), keyboard)
}

const RENEWAL_RESULT = { discount: 'discounted', cancel: 'cancelled', resume: 'resumed' } as const

/** A press on one of My subscription's buttons, for the subscriber behind the Telegram user who pressed. */
export async function onSubscriptionButton(ctx: BotContext, payload: Payload, data: string): Promise<void> {
  const subscriber = await linkedSubscriber(payload, ctx.from?.id)
  if (!subscriber?.subscription) {
    await ctx.answerCallbackQuery({ text: ctx.t('noSubscription') })
    return
  }
  const { user, subscription } = subscriber
  if (data === 'dv') {
    await ctx.answerCallbackQuery()
    await showDevices(ctx, payload, user, subscription)
  } else if (data.startsWith('dx:')) {
    // Through the user's own access: a device of anyone else is not found.
    const removed = await removeOwnDevice(payload, user, Number(data.slice(3)))
    await ctx.answerCallbackQuery({ text: removed ? ctx.t('deviceRemoved') : ctx.t('deviceGone') })
    await showDevices(ctx, payload, user, subscription)
  } else if (data === 'rn:off') {
    await ctx.answerCallbackQuery()
    if (renewalChangeable(subscription) && !subscription.cancelAtPeriodEnd) await askRenewalOff(ctx, payload, user, subscription)
    else await showSubscription(ctx, payload, { withQr: false })
  } else if (data.startsWith('rn:')) {
    const choice: RenewalChoice = data === 'rn:on' ? 'resume' : data === 'rn:discount' ? 'discount' : 'cancel'
    const { cancelDiscountPercent } = await readSiteSettings(payload)
    const result = await changeRenewal(payload, billingProvider(), user, choice, cancelDiscountPercent)
    const t = subscriptionTexts(ctx)
    await ctx.answerCallbackQuery({ text: result.ok ? t(`result.${RENEWAL_RESULT[choice]}`) : t(result.error === 'discountUsed' ? 'result.discountUsed' : 'result.failed') })
    await showSubscription(ctx, payload, { withQr: false })
  } else if (data === 'lk:ask') {
    await ctx.answerCallbackQuery()
    await show(ctx, escapeHtml(ctx.t('linkReplaceConfirm')), new InlineKeyboard().text(ctx.t('linkReplaceYes'), 'lk:yes').row().text(ctx.t('renewalKeep'), 'sub'))
  } else {
    await rotateFeedUrl(payload, user.id)
    await ctx.answerCallbackQuery({ text: ctx.t('linkReplaced') })
    await showSubscription(ctx, payload)
  }
}
