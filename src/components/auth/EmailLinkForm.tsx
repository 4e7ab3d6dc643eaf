// The e-mail form of login and registration: posts for a link and lands on a result page; in the browser the islands
// (src/islands/linkForm.ts) ask for the link in place and say what happened on the form. The header's login popup
// builds the same markup.
import { useLocale, useTranslations } from 'next-intl'

import type { Locale } from '@/i18n/locales'
import { localizedPath } from '@/lib/routing/localizedPath'

type Purpose = 'login' | 'register'

export function EmailLinkForm({ purpose }: { purpose: Purpose }) {
  const t = useTranslations('Auth')
  const locale = useLocale() as Locale
  return (
    <form action="/api/auth/request-link" method="post" noValidate className="auth__form" data-link-form="">
      <input type="hidden" name="purpose" value={purpose} />
      <input type="hidden" name="locale" value={locale} />
      <label className="field">
        <span>{t('email')}</span>
        <input type="email" name="email" autoComplete="email" inputMode="email" required maxLength={254} aria-describedby="auth-error" />
      </label>
      <p id="auth-error" role="alert" className="auth__error" />
      <button type="submit" className="button button--primary">
        {purpose === 'login' ? t('sendLogin') : t('sendRegister')}
      </button>
      <p className="auth__agreement">
        {t.rich('agreement', {
          privacy: (chunks) => <a href={localizedPath('/privacy', locale)}>{chunks}</a>,
          terms: (chunks) => <a href={localizedPath('/user-agreement', locale)}>{chunks}</a>,
        })}
      </p>
    </form>
  )
}
