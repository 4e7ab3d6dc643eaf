// A subscriber's device keys in the site's bot, from "⭐ Моя подписка": the keys (each sent as the site shows it: text
// to copy, QR code, file), a new one (a country and protocol the VIP servers offer, then which device: named for it,
// "Телефон 2" beside another phone), and revoking one on a confirmation, with "undo" while the server has not yet
// stopped it. The account is always the one linked to the Telegram user who pressed; a key named in a button is
// checked to be that account's own live key (by owner, not by access alone: staff may read every key), so made-up
// data finds no one else's key.
import { InlineKeyboard } from 'grammy'
import { createTranslator } from 'next-intl'
import type { Payload } from 'payload'

import en from '@/i18n/messages/en.json'
import ru from '@/i18n/messages/ru.json'
import { countryFlag } from '@/lib/countries/flag'
import { consumeBotAllowance } from '@/lib/http/rateLimit'
import { readKeyDetails, readOwnKeyRows } from '@/lib/data/keys'
import type { KeyDetails } from '@/lib/data/keys'
import { isProtocol, PROTOCOLS } from '@/lib/keys'
import { PROTOCOL_LABELS } from '@/lib/keys/labels'
import {
  countDeviceKeys,
  createDeviceKey,
  MAX_DEVICE_KEYS,
  REVOKE_UNDO_SECONDS,
  revokeDeviceKey,
  undoRevokeDeviceKey,
  vipChoices,
} from '@/lib/vip/deviceKeys'
import type { User } from '@/payload-types'

import { escapeHtml, linkedSubscriber, show } from './context'
import type { BotContext } from './context'
import { keyTitle, sendKeyMessages } from './keyMessage'

/** The devices a key is named for, by their letter in the button's data. */
const DEVICE_TYPES = { p: 'phone', c: 'computer', t: 'tablet', v: 'tv', r: 'router' } as const
type DeviceLetter = keyof typeof DEVICE_TYPES

const ID = '\\d{1,9}'
const PROTOCOL = `(?:${PROTOCOLS.join('|')})`
// Button data: `ks` (the keys), `kn` (a new one: where), `kt:<server>:<protocol>` (which device), `kc:<server>:<protocol>:
// <device>` (make it), `kv:<key>` (send it), `kr:<key>` (revoke? asked), `ky:<key>` (revoke), `ku:<key>` (undo).
export const DEVICE_KEY_BUTTONS = new RegExp(`^(ks|kn|k[vryu]:${ID}|kt:${ID}:${PROTOCOL}|kc:${ID}:${PROTOCOL}:[${Object.keys(DEVICE_TYPES).join('')}])$`)

/** My servers' own texts (the site's "Servers" messages), so the bot says what the site says. */
const serverTexts = (ctx: BotContext) => createTranslator({ locale: ctx.locale, messages: ctx.locale === 'en' ? en : ru, namespace: 'Servers' })

/** The keys' screen: one button per live key, "new key" while there is room, back to the subscription. */
export async function showDeviceKeys(ctx: BotContext, user: User, notice?: string): Promise<void> {
  const { rows } = await readOwnKeyRows(ctx.locale, user)
  const t = serverTexts(ctx)
  const keyboard = new InlineKeyboard()
  for (const row of rows) keyboard.text(keyTitle(ctx, row).slice(0, 60), `kv:${row.id}`).row()
  if (rows.length < MAX_DEVICE_KEYS) keyboard.text(ctx.t('keyNew'), 'kn').row()
  keyboard.text(ctx.t('back'), 'sub')
  const lines = [...(notice ? [notice, ''] : []), `<b>${escapeHtml(t('keysTitle'))}</b>`, escapeHtml(t('count', { count: rows.length, max: MAX_DEVICE_KEYS }))]
  if (rows.length === 0) lines.push('', escapeHtml(t('noKeys')))
  await show(ctx, lines.join('\n'), keyboard)
}

/** Where the new key is to be: each country and protocol the VIP servers offer (the first server of each). */
async function showTargets(ctx: BotContext, payload: Payload, user: User): Promise<void> {
  const choices = await vipChoices(payload, ctx.locale, user)
  const seen = new Set<string>()
  const keyboard = new InlineKeyboard()
  for (const choice of choices) {
    if (seen.has(`${choice.countryCode}:${choice.protocol}`)) continue
    seen.add(`${choice.countryCode}:${choice.protocol}`)
    keyboard.text(`${countryFlag(choice.countryCode)} ${choice.countryName} · ${PROTOCOL_LABELS[choice.protocol]}`.slice(0, 60), `kt:${choice.serverId}:${choice.protocol}`).row()
  }
  keyboard.text(ctx.t('back'), 'ks')
  await show(ctx, escapeHtml(ctx.t(seen.size > 0 ? 'keyWhere' : 'keyNowhere')), keyboard)
}

function showDeviceTypes(ctx: BotContext, serverId: string, protocol: string): Promise<void> {
  const keyboard = new InlineKeyboard()
  for (const [letter, type] of Object.entries(DEVICE_TYPES)) keyboard.text(ctx.t(`deviceType.${type}.button`), `kc:${serverId}:${protocol}:${letter}`).row()
  return show(ctx, escapeHtml(ctx.t('keyWhichDevice')), keyboard.text(ctx.t('back'), 'kn'))
}

/** The device's name: "Телефон", or "Телефон 2" (3, …) where the user's keys already have that name. */
export function deviceName(base: string, taken: readonly (string | null | undefined)[]): string {
  const names = new Set(taken)
  if (!names.has(base)) return base
  let number = 2
  while (names.has(`${base} ${number}`)) number += 1
  return `${base} ${number}`
}

/**
 * One of the user's own live device keys, as My servers shows it; null for anyone else's, a revoked one or a free one.
 * Checked by owner, not by the user's access alone: staff may read every key, and a staff member's Telegram must not.
 */
async function ownDeviceKey(payload: Payload, ctx: BotContext, user: User, keyId: number): Promise<KeyDetails | null> {
  const { totalDocs } = await payload.count({
    collection: 'keys',
    where: { and: [{ id: { equals: keyId } }, { owner: { equals: user.id } }, { tier: { equals: 'vip' } }, { revokedAt: { exists: false } }] },
  })
  return totalDocs === 1 ? readKeyDetails(keyId, ctx.locale, user) : null
}

/** Sends one of the user's own live keys, with "revoke" and the way back; false when it is not theirs. */
async function sendDeviceKey(payload: Payload, ctx: BotContext, user: User, keyId: number): Promise<boolean> {
  const details = await ownDeviceKey(payload, ctx, user, keyId)
  if (!details) return false
  const keyboard = new InlineKeyboard().text(ctx.t('keyRevoke'), `kr:${keyId}`).row().text(ctx.t('keysBack'), 'ks')
  await sendKeyMessages(ctx, details, keyboard, user)
  return true
}

/** A press on one of the device keys' buttons, for the subscriber behind the Telegram user who pressed. */
export async function onDeviceKeyButton(ctx: BotContext, payload: Payload, data: string): Promise<void> {
  const subscriber = await linkedSubscriber(payload, ctx.from?.id)
  const t = serverTexts(ctx)
  if (!subscriber?.subscription) {
    await ctx.answerCallbackQuery({ text: ctx.t('noSubscription') })
    return
  }
  const { user } = subscriber
  const [action, first, second, third] = data.split(':') as [string, string?, string?, string?]
  const keyId = Number(first)
  if (action === 'ks') {
    await ctx.answerCallbackQuery()
    await showDeviceKeys(ctx, user)
  } else if (action === 'kn') {
    if ((await countDeviceKeys(payload, user)) >= MAX_DEVICE_KEYS) {
      await ctx.answerCallbackQuery({ text: t('limitReached', { max: MAX_DEVICE_KEYS }), show_alert: true })
      return
    }
    await ctx.answerCallbackQuery()
    await showTargets(ctx, payload, user)
  } else if (action === 'kt') {
    await ctx.answerCallbackQuery()
    await showDeviceTypes(ctx, first!, second!)
  } else if (action === 'kc') {
    if (!(await consumeBotAllowance(payload, 'botCostly', ctx.from?.id ?? 0)).ok) {
      await ctx.answerCallbackQuery({ text: ctx.t('tooFast') })
      return
    }
    const type = DEVICE_TYPES[third as DeviceLetter]
    const { rows } = await readOwnKeyRows(ctx.locale, user)
    const device = deviceName(ctx.t(`deviceType.${type}.name`), rows.map((row) => row.device))
    const created = isProtocol(second) ? await createDeviceKey(payload, user, { serverId: first, protocol: second, device }) : ({ ok: false, error: 'invalidServer' } as const)
    if (!created.ok) {
      // Each refusal is one of My servers' own texts, by the same name.
      await ctx.answerCallbackQuery({ text: t(created.error, { max: MAX_DEVICE_KEYS }), show_alert: true })
      return
    }
    await ctx.answerCallbackQuery({ text: t('created') })
    await sendDeviceKey(payload, ctx, user, created.keyId)
  } else if (action === 'kv') {
    if (await sendDeviceKey(payload, ctx, user, keyId)) await ctx.answerCallbackQuery()
    else await ctx.answerCallbackQuery({ text: t('notFound') })
  } else if (action === 'kr') {
    const details = await ownDeviceKey(payload, ctx, user, keyId)
    if (!details) {
      await ctx.answerCallbackQuery({ text: t('notFound') })
      return
    }
    await ctx.answerCallbackQuery()
    const question = [t('revokeQuestion', { device: details.device ?? '' }), t('revokeConsequence')].join('\n\n')
    await show(ctx, escapeHtml(question), new InlineKeyboard().text(t('revokeYes'), `ky:${keyId}`).row().text(t('cancel'), 'ks'))
  } else if (action === 'ky') {
    const details = await ownDeviceKey(payload, ctx, user, keyId)
    if (!details || !(await revokeDeviceKey(payload, user, keyId))) {
      await ctx.answerCallbackQuery({ text: t('notFound') })
      return
    }
    await ctx.answerCallbackQuery({ text: t('revoked') })
    const undo = [t('revoked'), t('undoText', { device: details.device ?? '', seconds: REVOKE_UNDO_SECONDS })].join('\n\n')
    await show(ctx, escapeHtml(undo), new InlineKeyboard().text(t('undo'), `ku:${keyId}`).row().text(ctx.t('keysBack'), 'ks'))
  } else {
    const outcome = await undoRevokeDeviceKey(payload, user, keyId)
    const text = outcome === 'restored' ? t('restored') : outcome === 'limitReached' ? t('limitReached', { max: MAX_DEVICE_KEYS }) : t('undoTooLate')
    await ctx.answerCallbackQuery({ text })
    await showDeviceKeys(ctx, user, escapeHtml(text))
  }
}
