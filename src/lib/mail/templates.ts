// E-mail messages in the recipient's language, as HTML and plain text, signed with the site name.
import type { Locale } from '@/i18n/locales'

export type MailKind = 'login' | 'register' | 'registerFromLogin' | 'changeEmail' | 'purchase' | 'staffReset'

type Copy = { subject: string; intro: string; button: string; outro: string }

const COPY: Record<Locale, Record<MailKind, Copy>> = {
  ru: {
    login: {
      subject: 'Вход на сайт {siteName}',
      intro: 'Чтобы войти, нажмите кнопку ниже. Ссылка действует 15 минут и сработает один раз.',
      button: 'Войти',
      outro: 'Если вы не запрашивали вход, просто проигнорируйте это письмо.',
    },
    register: {
      subject: 'Подтвердите регистрацию на сайте {siteName}',
      intro: 'Чтобы создать аккаунт, подтвердите адрес электронной почты. Ссылка действует 15 минут.',
      button: 'Подтвердить e-mail',
      outro: 'Если вы не регистрировались, просто проигнорируйте это письмо: аккаунт не будет создан.',
    },
    registerFromLogin: {
      subject: 'Вход на сайт {siteName}',
      intro: 'Аккаунта с этим адресом пока нет. Подтвердите адрес, и мы создадим его. Ссылка действует 15 минут.',
      button: 'Создать аккаунт и войти',
      outro: 'Если вы не запрашивали вход, просто проигнорируйте это письмо.',
    },
    changeEmail: {
      subject: 'Подтвердите новый e-mail на сайте {siteName}',
      intro: 'Вы хотите сменить адрес электронной почты аккаунта на этот. Подтвердите его. Ссылка действует 15 минут.',
      button: 'Подтвердить новый e-mail',
      outro: 'Если вы ничего не меняли, просто проигнорируйте это письмо: адрес останется прежним.',
    },
    purchase: {
      subject: 'Продолжите покупку на сайте {siteName}',
      intro: 'Чтобы перейти к оплате подписки, подтвердите этот адрес. Если на нём уже есть подписка или был пробный период, ссылка выполнит вход и покажет, что к нему относится. Ссылка действует 15 минут и сработает один раз.',
      button: 'Перейти к оплате',
      outro: 'Если вы ничего не покупали, просто проигнорируйте это письмо: ничего не будет списано.',
    },
    staffReset: {
      subject: 'Новый пароль для входа в админку сайта {siteName}',
      intro: 'Чтобы задать новый пароль для входа в админку, нажмите кнопку ниже. Ссылка действует час.',
      button: 'Задать новый пароль',
      outro: 'Если вы не просили сменить пароль, просто проигнорируйте это письмо: пароль останется прежним.',
    },
  },
  en: {
    login: {
      subject: 'Log in to {siteName}',
      intro: 'To log in, press the button below. The link works once and expires in 15 minutes.',
      button: 'Log in',
      outro: 'If you did not ask to log in, you can ignore this e-mail.',
    },
    register: {
      subject: 'Confirm your registration at {siteName}',
      intro: 'To create your account, confirm your e-mail address. The link expires in 15 minutes.',
      button: 'Confirm e-mail',
      outro: 'If you did not sign up, ignore this e-mail: no account will be created.',
    },
    registerFromLogin: {
      subject: 'Log in to {siteName}',
      intro: 'There is no account with this address yet. Confirm the address and we will create one. The link expires in 15 minutes.',
      button: 'Create account and log in',
      outro: 'If you did not ask to log in, you can ignore this e-mail.',
    },
    changeEmail: {
      subject: 'Confirm your new e-mail at {siteName}',
      intro: 'You asked to make this the e-mail address of your account. Please confirm it. The link expires in 15 minutes.',
      button: 'Confirm new e-mail',
      outro: 'If you did not change anything, ignore this e-mail: your address stays as it is.',
    },
    purchase: {
      subject: 'Continue your purchase at {siteName}',
      intro: 'To go on to pay for the subscription, confirm this address. If it already has a subscription or has had the trial, the link signs you in and shows what applies to it. The link works once and expires in 15 minutes.',
      button: 'Go on to payment',
      outro: 'If you did not buy anything, ignore this e-mail: nothing will be charged.',
    },
    staffReset: {
      subject: 'A new password for the admin of {siteName}',
      intro: 'To set a new password for the admin panel, press the button below. The link expires in an hour.',
      button: 'Set a new password',
      outro: 'If you did not ask to change your password, ignore this e-mail: it stays as it is.',
    },
  },
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

export type RenderedMail = { subject: string; html: string; text: string }

export function renderLinkMail({ kind, locale, siteName, link }: { kind: MailKind; locale: Locale; siteName: string; link: string }): RenderedMail {
  const copy = COPY[locale][kind]
  const subject = copy.subject.replace('{siteName}', siteName)
  const text = [copy.intro, '', link, '', copy.outro, '', `— ${siteName}`].join('\n')
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#14161a;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(copy.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1f48c9;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(copy.button)}</a></p>
<p style="color:#4f5663;font-size:13px;word-break:break-all">${escapeHtml(link)}</p>
<p style="color:#4f5663">${escapeHtml(copy.outro)}</p>
<p>— ${escapeHtml(siteName)}</p>
</body></html>`
  return { subject, html, text }
}

type NoticeCopy = { subject: string; text: string; help: string }

const NOTICE: Record<Locale, NoticeCopy> = {
  ru: {
    subject: 'E-mail вашего аккаунта на сайте {siteName} изменён',
    text: 'Адрес электронной почты вашего аккаунта изменён на {newEmail}. Письма теперь приходят туда.',
    help: 'Если это были не вы, сразу напишите нам: {supportEmail}.',
  },
  en: {
    subject: 'The e-mail of your {siteName} account was changed',
    text: 'The e-mail address of your account was changed to {newEmail}. Our messages now go there.',
    help: 'If this was not you, write to us right away: {supportEmail}.',
  },
}

/** A notice without a button: a title, a few paragraphs and the site's signature. */
export function renderNotice({ locale, siteName, subject, lines }: { locale: Locale; siteName: string; subject: string; lines: string[] }): RenderedMail {
  return {
    subject,
    text: [...lines, '', `— ${siteName}`].join('\n'),
    html: `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p>— ${escapeHtml(siteName)}</p></body></html>`,
  }
}

/** A notice from its copy in both languages, with `{siteName}` and the other `{names}` filled in. */
function renderCopiedNotice(copies: Record<Locale, NoticeCopy>, { locale, siteName, values }: { locale: Locale; siteName: string; values: Record<string, string> }): RenderedMail {
  const copy = copies[locale]
  const fill = (text: string) => Object.entries({ siteName, ...values }).reduce((filled, [name, value]) => filled.replace(`{${name}}`, value), text)
  return renderNotice({ locale, siteName, subject: fill(copy.subject), lines: [fill(copy.text), fill(copy.help)] })
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
}): RenderedMail {
  return renderCopiedNotice(NOTICE, { locale, siteName, values: { newEmail, supportEmail } })
}

const DELETION: Record<Locale, { subject: string; text: string; restore: string; restoreWithTelegram: string }> = {
  ru: {
    subject: 'Ваш аккаунт на сайте {siteName} удалён',
    text: 'Мы отключили ваш аккаунт и завершили все сеансы входа.',
    restore: 'До {date} его можно восстановить со всеми данными: просто войдите снова по ссылке из письма. После этого личные данные будут удалены.',
    restoreWithTelegram: 'До {date} его можно восстановить со всеми данными: просто войдите на сайт снова через Telegram. После этого личные данные будут удалены.',
  },
  en: {
    subject: 'Your {siteName} account has been deleted',
    text: 'We have disabled your account and ended every signed-in session.',
    restore: 'Until {date} you can restore it with everything in it: just log in again with an e-mailed link. After that your personal data is removed.',
    restoreWithTelegram: 'Until {date} you can restore it with everything in it: just log in to the site with Telegram again. After that your personal data is removed.',
  },
}

/**
 * Confirms an account deletion and says until when it can be restored, and how: an account without an e-mail
 * (Telegram-only) by signing in with Telegram.
 */
export function renderDeletionNotice({ locale, siteName, restoreUntil, telegramOnly = false }: { locale: Locale; siteName: string; restoreUntil: Date; telegramOnly?: boolean }): RenderedMail {
  const copy = DELETION[locale]
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Moscow' }).format(restoreUntil)
  const restore = telegramOnly ? copy.restoreWithTelegram : copy.restore
  return renderNotice({ locale, siteName, subject: copy.subject.replace('{siteName}', siteName), lines: [copy.text, restore.replace('{date}', date)] })
}

const PASSWORD_CHANGED: Record<Locale, NoticeCopy> = {
  ru: {
    subject: 'Пароль на сайте {siteName} изменён',
    text: 'Пароль вашего аккаунта изменён, и все другие сеансы входа завершены.',
    help: 'Если это были не вы, войдите по ссылке из письма, задайте новый пароль и напишите нам: {supportEmail}.',
  },
  en: {
    subject: 'Your {siteName} password has been changed',
    text: 'The password of your account has been changed, and every other signed-in session has ended.',
    help: 'If this was not you, log in with an e-mailed link, set a new password and write to us: {supportEmail}.',
  },
}

/** Tells the owner their password changed (no link: nothing to click in it). */
export function renderPasswordChangedNotice({ locale, siteName, supportEmail }: { locale: Locale; siteName: string; supportEmail: string }): RenderedMail {
  return renderCopiedNotice(PASSWORD_CHANGED, { locale, siteName, values: { supportEmail } })
}

const ADDRESS_TAKEN: Record<Locale, NoticeCopy> = {
  ru: {
    subject: 'Попытка привязать ваш адрес к другому аккаунту на сайте {siteName}',
    text: 'Кто-то попросил сделать этот адрес e-mail адресом другого аккаунта. С этим адресом у нас уже есть аккаунт, поэтому ничего не изменилось.',
    help: 'Если это были вы, просто войдите с этим адресом. Если нет, ничего делать не нужно; вопросы — {supportEmail}.',
  },
  en: {
    subject: 'Someone tried to attach your address to another {siteName} account',
    text: 'Someone asked to make this e-mail address the address of another account. There is already an account with this address, so nothing has changed.',
    help: 'If it was you, just log in with this address. If not, there is nothing to do; questions: {supportEmail}.',
  },
}

/** Told to the owner of an address another account asked to move to (no link: nothing to click in it). */
export function renderAddressTakenNotice({ locale, siteName, supportEmail }: { locale: Locale; siteName: string; supportEmail: string }): RenderedMail {
  return renderCopiedNotice(ADDRESS_TAKEN, { locale, siteName, values: { supportEmail } })
}

const DEVICE_LIMIT: Record<Locale, NoticeCopy> = {
  ru: {
    subject: 'VIP-подписка на сайте {siteName}: все места для устройств заняты',
    text: 'Новое устройство запросило ключи по вашей ссылке подписки и не получило их: на подписке уже {devices}, больше нельзя.',
    help: 'Если это ваше устройство, удалите ненужное в «Моих серверах»: {url}. Если не ваше — там же замените ссылку подписки: старая перестанет работать.',
  },
  en: {
    subject: 'Your {siteName} VIP subscription: every device place is taken',
    text: 'A new device asked for keys with your subscription link and got none: the subscription already has {devices}, the most it allows.',
    help: 'If it is yours, remove one you no longer use under My servers: {url}. If it is not, replace the subscription link there: the old one stops working.',
  },
}

const KEYS_CHANGED: Record<Locale, NoticeCopy> = {
  ru: {
    subject: 'VIP-ключи на сайте {siteName} обновлены',
    text: 'Мы обновили ваши VIP-ключи (например, перенесли их на другой сервер). Приложения, в которые добавлена ссылка подписки, получат новые ключи сами при следующем обновлении подписки.',
    help: 'Если вы добавляли ключ в приложение вручную, скопируйте его заново в «Моих серверах»: {url}.',
  },
  en: {
    subject: 'Your {siteName} VIP keys were updated',
    text: 'We updated your VIP keys (for example, moved them to another server). Apps with the subscription link take the new keys by themselves on their next update of the subscription.',
    help: 'If you added a key to an app by hand, copy it again under My servers: {url}.',
  },
}

/** Staff changed a subscriber's VIP keys (src/lib/vip/keyChangeNotices.ts). */
export function renderKeysChangedNotice({ locale, siteName, url }: { locale: Locale; siteName: string; url: string }): RenderedMail {
  return renderCopiedNotice(KEYS_CHANGED, { locale, siteName, values: { url } })
}

/** A subscriber's link was refused a new device: all its places are taken (once a day at most, src/lib/vip/deviceLimitNotices.ts). */
export function renderDeviceLimitNotice({ locale, siteName, devices, url }: { locale: Locale; siteName: string; devices: string; url: string }): RenderedMail {
  return renderCopiedNotice(DEVICE_LIMIT, { locale, siteName, values: { devices, url } })
}
