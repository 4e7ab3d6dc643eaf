// Subscription e-mails (activation, renewal, failed payment, trial ending, auto-renewal turned off and on, the card
// unlinked), in the user's language. Their words are in the catalogues (`Mail.billing`): each mail's paragraphs are
// one message, split at its blank lines.
import type { Locale } from '@/i18n/locales'
import { isEnded } from '@/lib/billing/rules/lifecycle'
import type { SubscriptionState } from '@/lib/billing/rules/lifecycle'
import { billingDate } from '@/lib/billing/rules/terms'
import { localizedPath } from '@/lib/routing/localizedPath'

import { renderMail } from './renderMail'
import type { RenderedMail } from './renderMail'
import { mailTranslator } from './templates'

export type BillingMailKind = 'activated' | 'renewed' | 'paymentFailed' | 'paymentRetry' | 'expired' | 'trialEnding' | 'renewalCancelled' | 'renewalResumed' | 'paymentMethodRemoved'

/** Where each mail's button leads (the activation mail's is its one-time sign-in link, given by the caller). */
const BUTTON_PATH: Record<BillingMailKind, string> = {
  activated: '/profile/servers',
  renewed: '/profile/subscription',
  paymentFailed: '/profile/subscription',
  paymentRetry: '/profile/subscription',
  expired: '/tariffs',
  trialEnding: '/profile/subscription',
  renewalCancelled: '/profile/subscription',
  renewalResumed: '/profile/subscription',
  paymentMethodRemoved: '/profile/subscription',
}

/** The mails whose words differ when the next charge's amount is known, and after the subscription has ended. */
const WITH_AMOUNT: ReadonlySet<BillingMailKind> = new Set(['renewed', 'trialEnding', 'renewalResumed'])
const WHEN_ENDED: ReadonlySet<BillingMailKind> = new Set(['paymentMethodRemoved'])

export function renderBillingMail({
  kind,
  locale,
  siteName,
  serverUrl,
  subscription,
  link = `${serverUrl}${localizedPath(BUTTON_PATH[kind], locale)}`,
  linkOnMirrors = [],
  amount,
  terms,
  subscriptionUrls = [],
  heldUntil = null,
}: {
  kind: BillingMailKind
  locale: Locale
  siteName: string
  serverUrl: string
  subscription: SubscriptionState
  /** Where the button leads, when not the kind's page (the activation mail's one-time sign-in link). */
  link?: string
  /** The button's link on each mirror, for when the site is blocked (the same one-time link works on any). */
  linkOnMirrors?: readonly string[]
  /** The next charge, formatted, when known. */
  amount?: string
  /** What was paid and what renewal charges, from when and how often (src/lib/billing/rules/terms.ts): after the first line. */
  terms?: string
  /** The subscription URL for apps, the site's first and then each mirror's (the activation mail). */
  subscriptionUrls?: readonly string[]
  /** The activation of a trial that waits for the first device: the latest moment its days start. */
  heldUntil?: string | null
}): Promise<RenderedMail> {
  const t = mailTranslator(locale)
  const format = (iso: string | null) => (iso ? billingDate(iso, locale) : '—')
  const values = {
    siteName,
    until: format(kind === 'trialEnding' ? subscription.trialEndsAt : subscription.currentPeriodEnd),
    next: format(subscription.nextPaymentAt),
    amount: amount ?? '',
  }
  // The key is built from the kind: not every kind has every variant, which only the sets above know.
  const byKey = t as unknown as (key: string, filled: typeof values) => string
  const paragraphs = (key: string) => byKey(key, values).split('\n\n')
  const subject = t(`billing.${kind}.subject`, values)
  const ended = WHEN_ENDED.has(kind) && isEnded(subscription.status)
  const chosen = paragraphs(ended ? `billing.${kind}.endedLines` : amount && WITH_AMOUNT.has(kind) ? `billing.${kind}.amountLines` : `billing.${kind}.lines`)
  // A held trial's dates are not set yet: its first line says when its days start instead of an end.
  const filled = kind === 'activated' && heldUntil ? [t('heldFirstLine', { held: format(heldUntil) }), ...chosen.slice(1)] : chosen
  const copy = { button: t(`billing.${kind}.button`) }
  const lines = terms ? [filled[0]!, terms, ...filled.slice(1)] : filled
  const [subscriptionUrl, ...mirrorUrls] = subscriptionUrls
  const addresses = [
    ...linkOnMirrors.map((url) => `${t('subscriptionLinks.button')} ${url}`),
    ...(subscriptionUrl ? [`${t('subscriptionLinks.url')} ${subscriptionUrl}`, ...mirrorUrls.map((url) => `${t('subscriptionLinks.mirror')} ${url}`)] : []),
  ]
  return renderMail({
    locale,
    siteName,
    subject,
    body: { lines, action: { label: copy.button, href: link }, after: addresses },
    text: [...lines, '', `${copy.button}: ${link}`, ...(addresses.length > 0 ? ['', ...addresses] : []), '', `— ${siteName}`].join('\n'),
  })
}
