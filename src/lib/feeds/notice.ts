// Why a subscription serves no keys, said inside the app. Many apps show an empty list without a word (v2rayNG reads
// no headers at all), so a refused poll gets one entry whose name says what happened and what to do, as Remnawave
// serves it: a VLESS link to 0.0.0.0, port 1, which every format carries (each turns share links into its own
// entries: proxies.ts) and no app can connect through. Outline reads a dynamic key's own error instead.
import type { Locale } from '@/i18n/locales'

export const FEED_NOTICES = ['deviceLimit', 'noDeviceId', 'ended', 'noKeys', 'unsupportedApp'] as const

/** Why nothing is served: the device is past the limit, it sends no id where one is required, the subscription
 * ended, none of its keys is one a subscription carries (config-file keys stay on the site), or the operator's table
 * answers this app with a notice (appRules.ts). */
export type FeedNotice = (typeof FEED_NOTICES)[number]

/** Each notice's default text in the site's messages (SubscriptionFeed). */
export const NOTICE_MESSAGE = {
  deviceLimit: 'noticeDeviceLimit',
  noDeviceId: 'noticeNoDeviceId',
  ended: 'noticeEnded',
  noKeys: 'noticeNoKeys',
  unsupportedApp: 'noticeUnsupportedApp',
} as const satisfies Record<FeedNotice, string>

/** What editors wrote for each notice (Site settings → Apps), by language; empty or missing: the site's own text. */
export type NoticeTexts = Partial<Record<Locale, Partial<Record<FeedNotice, string | null>>>>

/** An entry's name past this is cut in the apps' lists (Happ, v2rayNG): editors' texts are held to it. */
export const NOTICE_MAX_LENGTH = 80

/** Nobody's id: the placeholder's user is no account anywhere. */
const NOBODY = '00000000-0000-0000-0000-000000000000'

/** The placeholder share link named `text`: valid for every parser, pointing nowhere usable. */
export function noticeLink(text: string): string {
  return `vless://${NOBODY}@0.0.0.0:1?encryption=none&security=none&type=tcp#${encodeURIComponent(oneLine(text))}`
}

/** Whether a share link is a notice's placeholder rather than a key. */
export function isNoticeLink(link: string): boolean {
  return link.startsWith(`vless://${NOBODY}@0.0.0.0:1?`)
}

/** Whether a proxy made from share links (proxies.ts) is a notice's placeholder. */
export function isNoticeProxy(proxy: { kind: string; server: string; port: number; uuid?: string }): boolean {
  return proxy.kind === 'vless' && proxy.server === '0.0.0.0' && proxy.port === 1 && proxy.uuid === NOBODY
}

/** Outline's dynamic key when it has nothing to connect to: its documented error, shown by the app. */
export function outlineNotice(text: string): { error: { message: string } } {
  return { error: { message: oneLine(text) } }
}

/** The editors' text for `notice` in `locale` when they wrote one (`{host}` filled in), else `fallback` (the site's own). */
export function noticeText(texts: NoticeTexts | null | undefined, locale: Locale, notice: FeedNotice, { fallback, host }: { fallback: string; host: string }): string {
  const own = texts?.[locale]?.[notice]?.trim()
  return oneLine(own ? own.replaceAll('{host}', host) : fallback)
}

// One line, held to the length apps show: a name with a line break would split the base64 body's lines.
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length <= NOTICE_MAX_LENGTH ? line : `${line.slice(0, NOTICE_MAX_LENGTH - 1)}…`
}
