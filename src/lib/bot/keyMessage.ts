// A key as the bot sends it, free or a subscriber's own (./bot.ts, ./deviceKeys.ts): its title and time left, the
// text to copy with a tap (or the parameters to type in), then its QR code and, for OpenVPN, its file as messages of
// their own, kept in the chat. The same parts the site's key modal shows.
import { InputFile } from 'grammy'
import type { InlineKeyboard } from 'grammy'

import { connectionLabels, connectionText } from '@/components/keys/connectionText'
import en from '@/i18n/messages/en.json'
import ru from '@/i18n/messages/ru.json'
import { countryFlag } from '@/lib/countries/flag'
import { readKeyFile } from '@/lib/data/keys'
import type { KeyDetails } from '@/lib/data/keys'
import { PROTOCOL_LABELS } from '@/lib/keys/labels'
import { hoursLeft } from '@/lib/time/hoursLeft'
import type { User } from '@/payload-types'

import { escapeHtml } from './context'
import type { BotContext } from './context'
import { qrPng } from './qr'

/** "🇳🇱 Netherlands · VLESS", with the device's name first for a device key. */
export function keyTitle(ctx: BotContext, details: Pick<KeyDetails, 'countryCode' | 'countryName' | 'protocol' | 'device'>): string {
  const title = ctx.t('keyTitle', { country: `${countryFlag(details.countryCode)} ${details.countryName}`, protocol: PROTOCOL_LABELS[details.protocol] })
  return details.device ? `${details.device} · ${title}` : title
}

/** Sends the key; `owner` reads a device key's file with its owner's access (a free key's is anyone's). */
export async function sendKeyMessages(ctx: BotContext, details: KeyDetails, keyboard: InlineKeyboard, owner?: User): Promise<void> {
  const t = ctx.t
  const hours = hoursLeft(details.expiresAt, new Date())
  const lines = [`<b>${escapeHtml(keyTitle(ctx, details))}</b>`, escapeHtml(hours === null ? t('unlimited') : t('hoursLeft', { hours })), '']
  if (details.copyText) {
    lines.push(details.copyText.includes('\n') ? `<pre>${escapeHtml(details.copyText)}</pre>` : `<code>${escapeHtml(details.copyText)}</code>`, '', escapeHtml(t('copyHint')))
  } else if (details.connection) {
    const labels = connectionLabels((key) => (ctx.locale === 'en' ? en : ru).KeyDetails[key])
    lines.push(`<pre>${escapeHtml(connectionText(details.connection, labels))}</pre>`, '', escapeHtml(t('parametersHint')))
  }
  const file = details.file && !details.copyText ? await readKeyFile(details.id, owner) : null
  if (file) lines.push(escapeHtml(t('fileHint')))
  await ctx.reply(lines.join('\n'), { parse_mode: 'HTML', reply_markup: keyboard, link_preview_options: { is_disabled: true } })
  if (details.qrValue) await ctx.replyWithPhoto(new InputFile(await qrPng(details.qrValue), 'key.png'), { caption: t('qrCaption') })
  if (file) await ctx.replyWithDocument(new InputFile(Buffer.from(file.content), file.filename))
}
