// The account's Telegram, in Settings: linked (and unlinkable where the account has an e-mail to sign in with), or a
// button to the bot's one-time link (/api/account/telegram). Plain forms: it works without JavaScript.
import { getTranslations } from 'next-intl/server'

import type { Locale } from '@/i18n/locales'
import { isPlaceholderEmail } from '@/lib/auth/telegramAccounts'
import { siteBotUsername } from '@/lib/bot/identity'
import type { User } from '@/payload-types'

export async function TelegramLink({ user, locale, result }: { user: User; locale: Locale; result?: string }) {
  const username = await siteBotUsername()
  if (!username && !user.telegramId) return null
  const t = await getTranslations({ locale, namespace: 'Preferences' })
  return (
    <div data-testid="telegram-link">
      <h3>{t('telegramTitle')}</h3>
      {result === 'unlinked' || result === 'failed' ? (
        <p role="status" className="auth__sent">
          {t(result === 'unlinked' ? 'telegramUnlinked' : 'telegramFailed')}
        </p>
      ) : null}
      {user.telegramId ? (
        <>
          <p>{t('telegramLinked', { username: user.telegramUsername ?? 'none' })}</p>
          {isPlaceholderEmail(user.email) ? (
            <p>{t('telegramOnly')}</p>
          ) : (
            <form action="/api/account/telegram" method="post">
              <input type="hidden" name="action" value="unlink" />
              <input type="hidden" name="locale" value={locale} />
              <button type="submit" className="button">
                {t('telegramUnlinkButton')}
              </button>
            </form>
          )}
        </>
      ) : (
        <>
          <p>{t('telegramNotLinked')}</p>
          <form action="/api/account/telegram" method="post">
            <input type="hidden" name="action" value="link" />
            <input type="hidden" name="locale" value={locale} />
            <button type="submit" className="button button--primary">
              {t('telegramLinkButton')}
            </button>
          </form>
          <p className="auth__agreement">{t('telegramLinkHint')}</p>
        </>
      )}
    </div>
  )
}
