// E-mail messages in the recipient's language, as HTML (the one layout: ./MailLayout.tsx) and plain text, signed with
// the site name. Their words are in the message catalogues (the `Mail` namespace of src/i18n/messages), read with
// next-intl's translator; each mail in both languages is pinned by a snapshot (tests/unit/mail/mails.snapshot.test.ts).
import { createTranslator } from 'next-intl'

import type { Locale } from '@/i18n/locales'
import en from '@/i18n/messages/en.json'
import ru from '@/i18n/messages/ru.json'

import { renderMail } from './renderMail'
import type { RenderedMail } from './renderMail'

export type { RenderedMail } from './renderMail'

export type MailKind = 'login' | 'register' | 'registerFromLogin' | 'changeEmail' | 'purchase' | 'staffReset'

/** The mails' words in `locale`. */
export function mailTranslator(locale: Locale) {
  return createTranslator({ locale, messages: locale === 'en' ? en : ru, namespace: 'Mail' })
}

export function renderLinkMail({ kind, locale, siteName, link }: { kind: MailKind; locale: Locale; siteName: string; link: string }): Promise<RenderedMail> {
  const t = mailTranslator(locale)
  const copy = { intro: t(`link.${kind}.intro`), button: t(`link.${kind}.button`), outro: t(`link.${kind}.outro`) }
  return renderMail({
    locale,
    siteName,
    subject: t(`link.${kind}.subject`, { siteName }),
    body: { lines: [copy.intro], action: { label: copy.button, href: link, showLink: true }, after: [copy.outro] },
    text: [copy.intro, '', link, '', copy.outro, '', `— ${siteName}`].join('\n'),
  })
}

/** The notices of three paragraphs' worth in the catalogue: a subject, what happened, and what to do. */
type NoticeKey = 'emailChanged' | 'passwordChanged' | 'addressTaken' | 'deviceLimit' | 'keysChanged'

/** A notice without a button: a title, a few paragraphs and the site's signature. */
export function renderNotice({ locale, siteName, subject, lines }: { locale: Locale; siteName: string; subject: string; lines: string[] }): Promise<RenderedMail> {
  return renderMail({ locale, siteName, subject, body: { lines }, text: [...lines, '', `— ${siteName}`].join('\n') })
}

/** A notice from its words in the catalogue, with `{siteName}` and the other `{names}` filled in. */
function renderCopiedNotice(key: NoticeKey, { locale, siteName, values }: { locale: Locale; siteName: string; values: Record<string, string> }): Promise<RenderedMail> {
  const t = mailTranslator(locale)
  const filled = { siteName, ...values }
  return renderNotice({ locale, siteName, subject: t(`${key}.subject`, filled), lines: [t(`${key}.text`, filled), t(`${key}.help`, filled)] })
}

/** The notice to the previous address after an e-mail change (no link: nothing to click in it). */
export function renderEmailChangedNotice({
  locale,
  siteName,
  newEmail,
  supportEmail,
}: {
  locale: Locale
  siteName: string
  newEmail: string
  supportEmail: string
}): Promise<RenderedMail> {
  return renderCopiedNotice('emailChanged', { locale, siteName, values: { newEmail, supportEmail } })
}

/**
 * Confirms an account deletion and says until when it can be restored, and how: an account without an e-mail
 * (Telegram-only) by signing in with Telegram.
 */
export function renderDeletionNotice({ locale, siteName, restoreUntil, telegramOnly = false }: { locale: Locale; siteName: string; restoreUntil: Date; telegramOnly?: boolean }): Promise<RenderedMail> {
  const t = mailTranslator(locale)
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Moscow' }).format(restoreUntil)
  return renderNotice({ locale, siteName, subject: t('deletion.subject', { siteName }), lines: [t('deletion.text'), t(telegramOnly ? 'deletion.restoreWithTelegram' : 'deletion.restore', { date })] })
}

/** Tells the owner their password changed (no link: nothing to click in it). */
export function renderPasswordChangedNotice({ locale, siteName, supportEmail }: { locale: Locale; siteName: string; supportEmail: string }): Promise<RenderedMail> {
  return renderCopiedNotice('passwordChanged', { locale, siteName, values: { supportEmail } })
}

/** Told to the owner of an address another account asked to move to (no link: nothing to click in it). */
export function renderAddressTakenNotice({ locale, siteName, supportEmail }: { locale: Locale; siteName: string; supportEmail: string }): Promise<RenderedMail> {
  return renderCopiedNotice('addressTaken', { locale, siteName, values: { supportEmail } })
}

/** Staff changed a subscriber's VIP keys (src/lib/vip/keyChangeNotices.ts). */
export function renderKeysChangedNotice({ locale, siteName, url }: { locale: Locale; siteName: string; url: string }): Promise<RenderedMail> {
  return renderCopiedNotice('keysChanged', { locale, siteName, values: { url } })
}

/** A subscriber's link was refused a new device: all its places are taken (once a day at most, src/lib/vip/deviceLimitNotices.ts). */
export function renderDeviceLimitNotice({ locale, siteName, devices, url }: { locale: Locale; siteName: string; devices: string; url: string }): Promise<RenderedMail> {
  return renderCopiedNotice('deviceLimit', { locale, siteName, values: { devices, url } })
}
