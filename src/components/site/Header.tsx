// Site header: home link, key lists per protocol, the VIP plans, language switch, login and personal account. On a phone all but
// the home link sit behind one "Menu" button: a popover, so it opens and closes (and closes on a tap outside or Esc)
// without JavaScript; a browser without popovers shows the menu in place, as on a wide screen.
import { getTranslations } from 'next-intl/server'

import { Link } from '@/i18n/Link'
import type { Locale } from '@/i18n/locales'
import { getSettings } from '@/lib/data/settings'
import { sellsVip } from '@/lib/data/tariffs'
import { PROTOCOL_LABELS } from '@/lib/keys/labels'
import { LISTED_PROTOCOLS } from '@/lib/keys/types'
import { keysPathname } from '@/lib/routing/keysFilter'

import { AccountLinks } from './AccountLinks'
import { LanguageSwitch } from './LanguageSwitch'
import { MenuCloser } from './MenuCloser'

export async function Header({ locale }: { locale: Locale }) {
  const [t, settings, selling] = await Promise.all([getTranslations({ locale, namespace: 'Header' }), getSettings(locale), sellsVip(locale)])
  return (
    <header className="header">
      <a href="#content" className="skip-link">
        {t('skipToContent')}
      </a>
      <div className="header__inner">
        <Link href="/" className="header__brand" aria-label={t('home')}>
          {settings.siteName}
        </Link>
        <button type="button" className="header__menu-button" popoverTarget="site-menu" data-testid="menu-button">
          <span aria-hidden="true" className="header__menu-icon" />
          {t('menu')}
        </button>
        <MenuCloser menuId="site-menu" />
        <div id="site-menu" className="header__menu" popover="auto">
          <nav className="header__protocols" aria-label={t('keys')}>
            {LISTED_PROTOCOLS.map((protocol) => (
              <Link key={protocol} href={keysPathname({ protocol, country: null })} prefetch={false}>
                {PROTOCOL_LABELS[protocol]}
              </Link>
            ))}
          </nav>
          <div className="header__account">
            {selling ? (
              <Link href="/tariffs" prefetch={false} className="header__tariffs">
                {t('tariffs')}
              </Link>
            ) : null}
            <LanguageSwitch label={t('language')} />
            <AccountLinks locale={locale} />
          </div>
        </div>
      </div>
    </header>
  )
}
