// E-mail messages in the recipient's language, as HTML and plain text, signed with the site name.
import type { Locale } from '@/i18n/locales'

export type MailKind = 'login' | 'register' | 'registerFromLogin'

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
  },
}

function escapeHtml(text: string): string {
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
