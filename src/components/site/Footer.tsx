// Site footer: protocols, navigation, documents, the question mail link and the copyright line.
import { getTranslations } from 'next-intl/server'

import { Link } from '@/i18n/Link'
import type { Locale } from '@/i18n/locales'
import { getFooterPages } from '@/lib/data/documents'
import type { FooterPage } from '@/lib/data/documents'
import { getSettings } from '@/lib/data/settings'
import { PROTOCOL_LABELS } from '@/lib/keys/labels'
import { LISTED_PROTOCOLS } from '@/lib/keys/types'
import { pagePath } from '@/lib/pages/paths'
import { keysPathname } from '@/lib/routing/keysFilter'

// The copyright year follows the build; a cached page may render it a little after New Year.
const YEAR = new Date().getFullYear()

/** Links to the pages editors placed in this footer section. */
function PageLinks({ pages, place }: { pages: FooterPage[]; place: FooterPage['place'] }) {
  return pages
    .filter((page) => page.place === place)
    .map((page) => (
      <li key={page.slug}>
        <Link href={pagePath(page.slug)} prefetch={false}>{page.title}</Link>
      </li>
    ))
}

export async function Footer({ locale }: { locale: Locale }) {
  const [t, settings, pages] = await Promise.all([getTranslations({ locale, namespace: 'Footer' }), getSettings(locale), getFooterPages(locale)])
  return (
    <footer className="footer">
      <div className="footer__inner">
        <section>
          <h2 className="footer__title">{t('protocols')}</h2>
          <ul>
            {LISTED_PROTOCOLS.map((protocol) => (
              <li key={protocol}>
                <Link href={keysPathname({ protocol, country: null })} prefetch={false}>
                  {PROTOCOL_LABELS[protocol]}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className="footer__title">{t('navigation')}</h2>
          <ul>
            <li>
              <Link href="/" prefetch={false}>{t('home')}</Link>
            </li>
            <li>
              <Link href="/tariffs" prefetch={false}>{t('tariffs')}</Link>
            </li>
            <li>
              <Link href="/status" prefetch={false}>{t('status')}</Link>
            </li>
            <li>
              <Link href="/support" prefetch={false}>{t('support')}</Link>
            </li>
            <PageLinks pages={pages} place="navigation" />
          </ul>
        </section>
        <section>
          <h2 className="footer__title">{t('documents')}</h2>
          <ul>
            <li>
              <Link href="/privacy" prefetch={false}>{t('privacy')}</Link>
            </li>
            <li>
              <Link href="/user-agreement" prefetch={false}>{t('userAgreement')}</Link>
            </li>
            <PageLinks pages={pages} place="documents" />
          </ul>
        </section>
      </div>
      <p className="footer__question">
        <a href={`mailto:${settings.supportEmail}`}>{t('question', { email: settings.supportEmail })}</a>
      </p>
      <p className="footer__copyright">{t('copyright', { year: YEAR, siteName: settings.siteName })}</p>
    </footer>
  )
}
