// The texts of the islands (src/islands) as JSON in the page: the shared set on every page, by the layout (copy, hours
// left, the key window, the header's login popup), and the plans' own on the plans page.
import { getTranslations } from 'next-intl/server'

import type { Locale } from '@/i18n/locales'
import { PURCHASE_ERRORS } from '@/lib/browser/purchaseForm'
import { islandTexts } from '@/lib/islands/texts'
import type { TextSpec } from '@/lib/islands/texts'
import { localizedPath } from '@/lib/routing/localizedPath'

const AUTH_TEXTS = [
  'logout', 'sending', 'invalidEmail', 'invalidValueForEmail', 'mailFailed', 'failed', 'sentTitle', 'sentText', 'sentQueuedText', 'loginTitle',
  'registerTitle', 'loginIntro', 'registerIntro', 'email', 'sendLogin', 'sendRegister', 'toRegister', 'toLogin',
] as const
// Every answer the purchase form may show (its promo code's too), and the speed test's words.
const TARIFF_TEXTS = [...PURCHASE_ERRORS, 'speedStart', 'speedRunning', 'speedFailed'] as const

async function sharedSpecs(locale: Locale): Promise<TextSpec[]> {
  const [table, details, auth] = await Promise.all([
    getTranslations({ locale, namespace: 'KeyTable' }),
    getTranslations({ locale, namespace: 'KeyDetails' }),
    getTranslations({ locale, namespace: 'Auth' }),
  ])
  const link = (path: string) => (chunks: string) => `<a href="${localizedPath(path, locale)}">${chunks}</a>`
  return [
    ...(['copied', 'copyFailed'] as const).map((key) => ({ key: `KeyTable.${key}`, render: () => table(key) })),
    { key: 'KeyTable.hoursLeft', render: (values) => table('hoursLeft', values as { hours: number }), args: { hours: 'plural' } },
    { key: 'KeyTable.healthChecked', render: (values) => table('healthChecked', values as { time: string }), args: { time: 'text' } },
    { key: 'KeyTable.healthCheckedPort', render: (values) => table('healthCheckedPort', values as { time: string }), args: { time: 'text' } },
    { key: 'KeyTable.reachChecked', render: (values) => table('reachChecked', values as { time: string }), args: { time: 'text' } },
    { key: 'KeyTable.onYourNetwork', render: () => table('onYourNetwork') },
    { key: 'KeyTable.yourNetwork', render: (values) => table('yourNetwork', values as { network: string }), args: { network: 'text' } },
    {
      key: 'KeyTable.yourNetworkSourceHtml',
      render: () =>
        table.markup('yourNetworkSource', {
          dbip: (chunks) => `<a href="https://db-ip.com" rel="noopener">${chunks}</a>`,
          routeviews: (chunks) => `<a href="https://www.routeviews.org" rel="noopener">${chunks}</a>`,
        }),
    },
    ...(['loading', 'loadFailed', 'close'] as const).map((key) => ({ key: `KeyDetails.${key}`, render: () => details(key) })),
    ...AUTH_TEXTS.map((key) => ({ key: `Auth.${key}`, render: () => auth(key) })),
    { key: 'Auth.rateLimited', render: (values) => auth('rateLimited', values as { minutes: number }), args: { minutes: 'plural' } },
    { key: 'Auth.crossSiteRequest', render: (values) => auth('crossSiteRequest', values as { site: string }), args: { site: 'text' } },
    { key: 'Auth.agreementHtml', render: () => auth.markup('agreement', { privacy: link('/privacy'), terms: link('/user-agreement') }) },
  ]
}

async function tariffSpecs(locale: Locale): Promise<TextSpec[]> {
  const t = await getTranslations({ locale, namespace: 'Tariffs' })
  return [
    ...TARIFF_TEXTS.map((key) => ({ key: `Tariffs.${key}`, render: () => t(key) })),
    { key: 'Tariffs.speedDownload', render: (values) => t('speedDownload', values as { mbps: number }), args: { mbps: 'number' } },
    { key: 'Tariffs.speedUpload', render: (values) => t('speedUpload', values as { mbps: number }), args: { mbps: 'number' } },
  ]
}

const SPECS = { shared: sharedSpecs, tariffs: tariffSpecs }

export async function IslandTexts({ locale, set }: { locale: Locale; set: keyof typeof SPECS }) {
  // `<` escaped: the JSON cannot end its script element early.
  const json = JSON.stringify(islandTexts(locale, await SPECS[set](locale))).replace(/</g, '\\u003c')
  return <script type="application/json" data-island-texts="" dangerouslySetInnerHTML={{ __html: json }} />
}
