// The account's Telegram, in Settings: linked (and unlinkable where the account has an e-mail to sign in with), or a
// button to the bot's one-time link (/api/account/telegram). Plain forms: it works without JavaScript.
import { getTranslations } from 'next-intl/server'

import type { Locale } from '@/i18n/locales'
import { isPlaceholderEmail } from '@/lib/auth/telegramAccounts'
import { siteBotUsername } from '@/lib/bot/identity'
import type { User } from '@/payload-types'

/** One of /api/account/telegram's actions, as a button. */
function ActionButton({ action, locale, label, primary = false }: { action: string; locale: Locale; label: string; primary?: boolean }) {
  return (
    <form action="/api/account/telegram" method="post">
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="locale" value={locale} />
      <button type="submit" className={primary ? 'button button--primary' : 'button'}>
        {label}
      </button>
    </form>
  )
}

const RESULTS = { unlinked: 'telegramUnlinked', failed: 'telegramFailed', 'notices-on': 'telegramNoticesSaved', 'notices-off': 'telegramNoticesSaved' } as const

export async function TelegramLink({ user, locale, result }: { user: User; locale: Locale; result?: string }) {
  const username = await siteBotUsername()
  if (!username && !user.telegramId) return null
  const t = await getTranslations({ locale, namespace: 'Preferences' })
  return (
    <div data-testid="telegram-link">
      <h3>{t('telegramTitle')}</h3>
      {result && result in RESULTS ? (
        <p role="status" className="auth__sent">
          {t(RESULTS[result as keyof typeof RESULTS])}
        </p>
      ) : null}
      {user.telegramId ? (
        <>
          <p>{t('telegramLinked', { username: user.telegramUsername ?? 'none' })}</p>
          {/* A Telegram-only account has no address to mail: its notices come by the bot. */}
          {isPlaceholderEmail(user.email) ? null : (
            <>
              <p>{t(user.telegramNotices === false ? 'telegramNoticesOff' : 'telegramNoticesOn')}</p>
              <ActionButton
                action={user.telegramNotices === false ? 'notices-on' : 'notices-off'}
                locale={locale}
                label={t(user.telegramNotices === false ? 'telegramNoticesTurnOn' : 'telegramNoticesTurnOff')}
              />
            </>
          )}
          {isPlaceholderEmail(user.email) ? (
            <p>{t('telegramOnly')}</p>
          ) : (
            <ActionButton action="unlink" locale={locale} label={t('telegramUnlinkButton')} />
          )}
        </>
      ) : (
        <>
          <p>{t('telegramNotLinked')}</p>
          <ActionButton action="link" locale={locale} label={t('telegramLinkButton')} primary />
          <p className="auth__agreement">{t('telegramLinkHint')}</p>
        </>
      )}
    </div>
  )
}
