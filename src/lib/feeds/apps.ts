// Client apps as editors list them: the platforms, which app opens which keys, and the one-tap import link
// an app registers ("happ://add/{url}"), filled with a subscription URL. Pure: pages and the modal render it.
import type { Protocol } from '@/lib/keys'

import { ssconfUrl } from './outline'
import type { SubscriptionFormat } from './clients'

export const PLATFORMS = ['android', 'ios', 'windows', 'macos', 'linux', 'androidtv'] as const

export type Platform = (typeof PLATFORMS)[number]

/** What a page needs of an app, in the page's language. */
export type ClientApp = {
  id: number
  name: string
  platform: Platform
  protocols: Protocol[]
  /** The format the app reads a subscription in, or null when it imports no subscription. */
  format: SubscriptionFormat | null
  /** The one-tap import link with its placeholders (see fillImportTemplate), or null. */
  importTemplate: string | null
  /** The store link for this page's language (the Russian App Store's where it differs). */
  storeUrl: string
  note: string | null
  isRecommended: boolean
}

export const PLATFORM_LABELS: Record<Platform, string> = {
  android: 'Android',
  ios: 'iOS',
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  androidtv: 'Android TV',
}

export function isPlatform(value: unknown): value is Platform {
  return (PLATFORMS as readonly unknown[]).includes(value)
}

// Schemes a link on our pages must never carry, whoever typed it.
const UNSAFE_SCHEMES = /^(javascript|data|vbscript|file|blob|about):/i
const SCHEME = /^[a-z][a-z0-9+.-]*:/i

/** Why an import template is refused (an editor reads it), or null when it is usable (for the app's format, if given). */
export function importTemplateProblem(template: string, format?: SubscriptionFormat | null): 'scheme' | 'placeholder' | 'ssconf' | null {
  const value = template.trim()
  // `{ssconf}` alone is Outline's own link (ssconf://…), which the Outline app opens.
  const head = value.startsWith('{ssconf}') ? 'ssconf:' : value
  if (!SCHEME.test(head) || UNSAFE_SCHEMES.test(head)) return 'scheme'
  if (!['{url}', '{urlEncoded}', '{ssconf}'].some((placeholder) => value.includes(placeholder))) return 'placeholder'
  // An Outline key points the app at the Outline answer: only for apps that read that format.
  if (value.includes('{ssconf}') && format !== undefined && format !== 'outline') return 'ssconf'
  return null
}

/**
 * The import link for a subscription: `{url}` is the URL as is (apps that take the rest of the link as the URL),
 * `{urlEncoded}` percent-encoded (apps that read it from a query parameter), `{ssconf}` the same address as an
 * Outline dynamic key, `{name}` the profile's name, percent-encoded.
 */
export function fillImportTemplate(template: string, { url, name }: { url: string; name: string }): string | null {
  if (importTemplateProblem(template)) return null
  return template
    .trim()
    .replaceAll('{urlEncoded}', encodeURIComponent(url))
    .replaceAll('{ssconf}', ssconfUrl(url))
    .replaceAll('{url}', url)
    .replaceAll('{name}', encodeURIComponent(name))
}

/** A subscription URL in one app's format: the explicit suffix, so the answer does not depend on the User-Agent. */
export function subscriptionUrlFor(baseUrl: string, format: SubscriptionFormat): string {
  return `${baseUrl.replace(/\/+$/, '')}/${format}`
}

/** The app's one-tap import link for this subscription, or null when the app imports none. */
export function importLink(app: Pick<ClientApp, 'format' | 'importTemplate'>, subscription: { url: string; name: string }): string | null {
  if (!app.format || !app.importTemplate) return null
  return fillImportTemplate(app.importTemplate, { url: subscriptionUrlFor(subscription.url, app.format), name: subscription.name })
}

/**
 * The visitor's platform from the User-Agent, or null. iPadOS asks for desktop pages with a Macintosh
 * User-Agent: the browser tells it apart by touch (see PlatformPreselect).
 */
export function platformOf(userAgent: string | null | undefined): Platform | null {
  const agent = userAgent ?? ''
  if (/iPhone|iPad|iPod/i.test(agent)) return 'ios'
  if (/Android/i.test(agent)) return /\b(TV|AFT\w*|BRAVIA|SmartTV|GoogleTV|Android TV|MiTV\w*|MIBOX\w*)\b/i.test(agent) ? 'androidtv' : 'android'
  if (/Windows/i.test(agent)) return 'windows'
  if (/Macintosh|Mac OS X/i.test(agent)) return 'macos'
  if (/CrOS/i.test(agent)) return 'android'
  if (/Linux|X11/i.test(agent)) return 'linux'
  return null
}

/** Apps that import a subscription carrying any of these protocols, by platform, recommended first. */
export function subscriptionApps(apps: readonly ClientApp[], protocols: readonly Protocol[]): ClientApp[] {
  return apps.filter((app) => app.format !== null && app.importTemplate !== null && app.protocols.some((protocol) => protocols.includes(protocol)))
}

/** Apps that open keys of this protocol. */
export function appsForProtocol(apps: readonly ClientApp[], protocol: Protocol): ClientApp[] {
  return apps.filter((app) => app.protocols.includes(protocol))
}

/** The platforms that have at least one of these apps, in the site's order. */
export function platformsOf(apps: readonly ClientApp[]): Platform[] {
  return PLATFORMS.filter((platform) => apps.some((app) => app.platform === platform))
}
