// Subscription e-mails (activation, renewal, failed payment, trial ending, auto-renewal turned off and on, the card
// unlinked), in the user's language.
import type { Locale } from '@/i18n/locales'
import { isEnded } from '@/lib/billing/rules/lifecycle'
import type { SubscriptionState } from '@/lib/billing/rules/lifecycle'
import { billingDate } from '@/lib/billing/rules/terms'
import { localizedPath } from '@/lib/routing/localizedPath'

import type { RenderedMail } from './templates'
import { escapeHtml } from './templates'

export type BillingMailKind = 'activated' | 'renewed' | 'paymentFailed' | 'paymentRetry' | 'expired' | 'trialEnding' | 'renewalCancelled' | 'renewalResumed' | 'paymentMethodRemoved'

/**
 * `amountLines`: the lines instead, when the next charge's amount is known ({amount}); `endedLines`: instead, for a
 * subscription that has ended.
 */
type Copy = { subject: string; lines: string[]; amountLines?: string[]; endedLines?: string[]; button: string; path: string }

/** The activation mail's first line for a trial that starts at the first connection (src/lib/billing/record/heldTrial.ts). */
const HELD_FIRST_LINE: Record<Locale, string> = {
  ru: 'Спасибо за оплату! Ключи работают уже сейчас, а дни пробного периода начнут идти с первого подключения устройства (не позже {held}).',
  en: 'Thank you for your payment! Your keys work now, and the trial’s days start when you connect your first device ({held} at the latest).',
}

const COPY: Record<Locale, Record<BillingMailKind, Copy>> = {
  ru: {
    activated: {
      subject: 'VIP-подписка на сайте {siteName} активирована',
      lines: [
        'Спасибо за оплату! Ваша VIP-подписка активна до {until} включительно.',
        'Нажмите кнопку ниже: вы войдёте на сайт и сразу получите ключ для первого устройства. Ключи для других устройств (до 10) создаются в разделе «Мои серверы».',
        'Кнопка действует 24 часа и один раз; потом входите на сайт по ссылке, которую мы пришлём на этот адрес.',
      ],
      button: 'Получить ключ',
      path: '/profile/servers',
    },
    renewed: {
      subject: 'VIP-подписка на сайте {siteName} продлена',
      lines: ['Оплата прошла, подписка продлена до {until} включительно.', 'Следующий платёж: {next}'],
      amountLines: ['Оплата прошла, подписка продлена до {until} включительно.', 'Следующий платёж: {next}, {amount}. Отключить автопродление можно в разделе «Подписка».'],
      button: 'Моя подписка',
      path: '/profile/subscription',
    },
    paymentFailed: {
      subject: 'Не удалось оплатить VIP-подписку на сайте {siteName}',
      lines: [
        'Мы не смогли списать оплату за продление подписки.',
        'Проверьте карту или оплатите подписку заново, иначе VIP-ключи перестанут работать.',
      ],
      button: 'Моя подписка',
      path: '/profile/subscription',
    },
    paymentRetry: {
      subject: 'Не удалось оплатить VIP-подписку на сайте {siteName}',
      lines: [
        'Мы не смогли списать оплату за продление подписки: банк отклонил платёж.',
        'Мы повторим попытку {next} — проверьте, что на карте или счёте достаточно денег. VIP-ключи пока работают.',
        'Если и последняя попытка не пройдёт, подписка закончится, и её можно будет оформить заново.',
      ],
      button: 'Моя подписка',
      path: '/profile/subscription',
    },
    expired: {
      subject: 'VIP-подписка на сайте {siteName} закончилась',
      lines: ['Подписка закончилась: оплату за продление списать не удалось, и VIP-ключи больше не работают.', 'Оформить подписку заново можно на странице тарифов.'],
      button: 'Тарифы',
      path: '/tariffs',
    },
    trialEnding: {
      subject: 'Пробный период на сайте {siteName} скоро закончится',
      lines: [
        'Пробный период VIP-подписки закончится {until}, и с сохранённого способа оплаты будет списана полная стоимость выбранного тарифа.',
        'Отключить автопродление можно в разделе «Подписка».',
      ],
      amountLines: [
        'Пробный период VIP-подписки закончится {until}, и с сохранённого способа оплаты будет списано {amount} — стоимость выбранного тарифа.',
        'Отключить автопродление можно в разделе «Подписка».',
      ],
      button: 'Моя подписка',
      path: '/profile/subscription',
    },
    renewalCancelled: {
      subject: 'Автопродление VIP-подписки на сайте {siteName} отключено',
      lines: [
        'Вы отключили автопродление: новых списаний не будет.',
        'VIP-ключи работают до {until} включительно, потом подписка закончится.',
        'Передумали? Включите автопродление снова в разделе «Подписка» (кнопка «Продлить»).',
      ],
      button: 'Моя подписка',
      path: '/profile/subscription',
    },
    renewalResumed: {
      subject: 'Автопродление VIP-подписки на сайте {siteName} включено',
      lines: ['Автопродление снова включено: подписка оплачена до {until} включительно.', 'Следующий платёж: {next}.', 'Отключить автопродление можно в разделе «Подписка».'],
      amountLines: [
        'Автопродление снова включено: подписка оплачена до {until} включительно.',
        'Следующий платёж: {next}, {amount}.',
        'Отключить автопродление можно в разделе «Подписка».',
      ],
      button: 'Моя подписка',
      path: '/profile/subscription',
    },
    paymentMethodRemoved: {
      subject: 'Способ оплаты отвязан от аккаунта на сайте {siteName}',
      lines: [
        'Вы отвязали сохранённый способ оплаты: мы больше не сможем списывать с него деньги, а его данные удалены из аккаунта.',
        'Автопродление отключено: VIP-ключи работают до {until} включительно. Чтобы продлить подписку потом, оплатите её заново на странице тарифов.',
      ],
      endedLines: ['Вы отвязали сохранённый способ оплаты: мы больше не сможем списывать с него деньги, а его данные удалены из аккаунта.'],
      button: 'Моя подписка',
      path: '/profile/subscription',
    },
  },
  en: {
    activated: {
      subject: 'Your {siteName} VIP subscription is active',
      lines: [
        'Thank you for your payment! Your VIP subscription is active until {until}.',
        'Press the button below: you will be signed in and get a key for your first device right away. Keys for other devices (up to 10) are made under “My servers”.',
        'The button works once, for 24 hours; after that, sign in with a link we send to this address.',
      ],
      button: 'Get my key',
      path: '/profile/servers',
    },
    renewed: {
      subject: 'Your {siteName} VIP subscription was renewed',
      lines: ['Payment received: your subscription is renewed until {until}.', 'Next payment: {next}'],
      amountLines: ['Payment received: your subscription is renewed until {until}.', 'Next payment: {amount} on {next}. You can turn off auto-renewal under “Subscription”.'],
      button: 'My subscription',
      path: '/profile/subscription',
    },
    paymentFailed: {
      subject: 'The payment for your {siteName} VIP subscription failed',
      lines: [
        'We could not charge the renewal of your subscription.',
        'Check your card or pay for the subscription again, or your VIP keys will stop working.',
      ],
      button: 'My subscription',
      path: '/profile/subscription',
    },
    paymentRetry: {
      subject: 'The payment for your {siteName} VIP subscription failed',
      lines: [
        'We could not charge the renewal of your subscription: the bank declined the payment.',
        'We will try again on {next}. Please make sure there is enough money on your card or account; your VIP keys keep working until then.',
        'If the last attempt fails too, the subscription ends and you can subscribe again.',
      ],
      button: 'My subscription',
      path: '/profile/subscription',
    },
    expired: {
      subject: 'Your {siteName} VIP subscription has ended',
      lines: ['Your subscription has ended: the renewal could not be charged, and your VIP keys no longer work.', 'You can subscribe again on the plans page.'],
      button: 'Plans',
      path: '/tariffs',
    },
    trialEnding: {
      subject: 'Your {siteName} trial ends soon',
      lines: [
        'The trial of your VIP subscription ends on {until}.',
        'Then the full price of your plan is charged to your saved payment method. You can turn off auto-renewal under “Subscription”.',
      ],
      amountLines: [
        'The trial of your VIP subscription ends on {until}.',
        'Then {amount}, the price of your plan, is charged to your saved payment method. You can turn off auto-renewal under “Subscription”.',
      ],
      button: 'My subscription',
      path: '/profile/subscription',
    },
    renewalCancelled: {
      subject: 'Auto-renewal of your {siteName} VIP subscription is off',
      lines: [
        'You turned off auto-renewal: nothing more will be charged.',
        'Your VIP keys work until {until}; then the subscription ends.',
        'Changed your mind? Turn auto-renewal back on under “Subscription” (the “Extend” button).',
      ],
      button: 'My subscription',
      path: '/profile/subscription',
    },
    renewalResumed: {
      subject: 'Auto-renewal of your {siteName} VIP subscription is on',
      lines: ['Auto-renewal is on again: your subscription is paid until {until}.', 'Next payment: {next}.', 'You can turn off auto-renewal under “Subscription”.'],
      amountLines: ['Auto-renewal is on again: your subscription is paid until {until}.', 'Next payment: {amount} on {next}.', 'You can turn off auto-renewal under “Subscription”.'],
      button: 'My subscription',
      path: '/profile/subscription',
    },
    paymentMethodRemoved: {
      subject: 'Payment method removed from your {siteName} account',
      lines: [
        'You removed your saved payment method: we can no longer charge it, and its details are gone from your account.',
        'Auto-renewal is off: your VIP keys work until {until}. To continue afterwards, pay again on the plans page.',
      ],
      endedLines: ['You removed your saved payment method: we can no longer charge it, and its details are gone from your account.'],
      button: 'My subscription',
      path: '/profile/subscription',
    },
  },
}

/** The activation mail's subscription URL, and the same on each mirror (the address is copied, not followed: plain text). */
const SUBSCRIPTION_COPY: Record<Locale, { button: string; url: string; mirror: string }> = {
  ru: {
    button: 'Если кнопка не открывается (сайт заблокирован), та же ссылка на зеркале:',
    url: 'Ссылка-подписка для приложений (Happ, v2RayTun, Hiddify и других):',
    mirror: 'Если сайт заблокирован, та же подписка по адресу зеркала:',
  },
  en: {
    button: 'If the button does not open (the site is blocked), the same link on a mirror:',
    url: 'Your subscription link for apps (Happ, v2RayTun, Hiddify and others):',
    mirror: 'If the site is blocked, the same subscription on a mirror:',
  },
}

export function renderBillingMail({
  kind,
  locale,
  siteName,
  serverUrl,
  subscription,
  link = `${serverUrl}${localizedPath(COPY[locale][kind].path, locale)}`,
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
}): RenderedMail {
  const copy = COPY[locale][kind]
  const format = (iso: string | null) => (iso ? billingDate(iso, locale) : '—')
  const fill = (line: string) =>
    line
      .replace('{siteName}', siteName)
      .replace('{until}', format(kind === 'trialEnding' ? subscription.trialEndsAt : subscription.currentPeriodEnd))
      .replace('{next}', format(subscription.nextPaymentAt))
      .replace('{amount}', amount ?? '')
  const subject = fill(copy.subject)
  const ended = copy.endedLines && isEnded(subscription.status)
  const chosen = ended ? copy.endedLines! : amount && copy.amountLines ? copy.amountLines : copy.lines
  // A held trial's dates are not set yet: its first line says when its days start instead of an end.
  const filled = (kind === 'activated' && heldUntil ? [HELD_FIRST_LINE[locale].replace('{held}', format(heldUntil)), ...chosen.slice(1)] : chosen).map(fill)
  const lines = terms ? [filled[0]!, terms, ...filled.slice(1)] : filled
  const [subscriptionUrl, ...mirrorUrls] = subscriptionUrls
  const addresses = [
    ...linkOnMirrors.map((url) => `${SUBSCRIPTION_COPY[locale].button} ${url}`),
    ...(subscriptionUrl ? [`${SUBSCRIPTION_COPY[locale].url} ${subscriptionUrl}`, ...mirrorUrls.map((url) => `${SUBSCRIPTION_COPY[locale].mirror} ${url}`)] : []),
  ]
  return {
    subject,
    text: [...lines, '', `${copy.button}: ${link}`, ...(addresses.length > 0 ? ['', ...addresses] : []), '', `— ${siteName}`].join('\n'),
    html: `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#14161a;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1f48c9;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(copy.button)}</a></p>
${addresses.map((line) => `<p style="word-break:break-all">${escapeHtml(line)}</p>`).join('')}<p>— ${escapeHtml(siteName)}</p></body></html>`,
  }
}
