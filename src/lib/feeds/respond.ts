// One subscription responder for every client app: the keys' share links in the format the request asks
// for (see clients.ts), with the headers the apps read: expiry, title, update interval, support and page
// links, and an announcement when a subscription is about to end. Routes only gather the keys and call it.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'

import { parseWireguardConfig } from '@/lib/keys'
import { isShareLink } from '@/lib/keys/uri'

import { mihomoConfig } from './mihomo'
import { outlineNotice } from './notice'
import { outlineAccessKey } from './outline'
import { proxiesOf } from './proxies'
import { singboxConfig } from './singbox'
import { happRoutingHeader } from './routing'
import type { DirectRouting } from './routing'
import { xrayConfigs } from './xray'
import type { SubscriptionFormat } from './clients'

export type SubscriptionMeta = {
  /** What the app calls the subscription. */
  title: string
  /** File name stem for apps that save the profile. */
  filename: string
  expiresAt: Date | null
  updateIntervalHours: number
  supportUrl: string
  pageUrl: string
  /** Shown by apps that read `announce` (Happ, v2RayTun…), e.g. that the subscription ends soon. */
  announce: string | null
  /** Names of the groups in Clash and sing-box profiles. */
  groups: { select: string; auto: string }
  /** What skips the tunnel besides private networks (routing.ts); null: nothing. */
  routing: DirectRouting | null
  /** The page `announce` is about (v2RayTun and Happ open it from the announcement). */
  announceUrl?: string | null
  /** Happ's provider id (Site settings → Apps), when the operator registered one. */
  providerId?: string | null
  /** Where INCY fetches the routing profile from to keep it updated (`/api/routing`), when routing is on. */
  autoroutingUrl?: string | null
  /** What an app that reads no share links (Outline, WireGuard) is told when the subscription has no key for it: Outline
   * shows it as its dynamic key's error; null: Outline gets a 404. */
  unservedNotice?: string | null
  /** Karing's provider menu (its "isp-*" headers): the service's name, where to renew, where its answers are. */
  isp?: { name: string; url: string; faq: string } | null
}

export type SubscriptionResponse = { status: 200 | 304 | 404; headers: Record<string, string>; body: string }

const CONTENT: Record<SubscriptionFormat, { type: string; extension: string }> = {
  base64: { type: 'text/plain; charset=utf-8', extension: 'txt' },
  clash: { type: 'text/yaml; charset=utf-8', extension: 'yaml' },
  'clash-legacy': { type: 'text/yaml; charset=utf-8', extension: 'yaml' },
  stash: { type: 'text/yaml; charset=utf-8', extension: 'yaml' },
  singbox: { type: 'application/json; charset=utf-8', extension: 'json' },
  outline: { type: 'application/json; charset=utf-8', extension: 'json' },
  json: { type: 'application/json; charset=utf-8', extension: 'json' },
  wireguard: { type: 'text/plain; charset=utf-8', extension: 'conf' },
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')

/** The first WireGuard configuration among a subscription's keys (what the WireGuard format serves), or null. */
export function wireguardConfigOf(links: readonly (string | null | undefined)[]): string | null {
  const config = links.find((link): link is string => typeof link === 'string' && parseWireguardConfig(link).ok)
  return config ?? null
}

/** Only share links go into the other formats: config-file keys (WireGuard, OpenVPN, SSTP) stay on the site. */
export function shareLinksOnly(links: readonly (string | null | undefined)[]): string[] {
  return links.filter((link): link is string => typeof link === 'string' && isShareLink(link))
}

function headersOf(meta: SubscriptionMeta, format: SubscriptionFormat): Record<string, string> {
  const expire = meta.expiresAt ? Math.floor(meta.expiresAt.getTime() / 1000) : 0
  const filename = `${meta.filename.replace(/[^A-Za-z0-9._-]/g, '_')}.${CONTENT[format].extension}`
  const headers: Record<string, string> = {
    'Content-Type': CONTENT[format].type,
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Subscription-Userinfo': `upload=0; download=0; total=0; expire=${expire}`,
    'Profile-Title': `base64:${base64(meta.title)}`,
    'Profile-Update-Interval': String(meta.updateIntervalHours),
    'Support-Url': meta.supportUrl,
    'Profile-Web-Page-Url': meta.pageUrl,
    'X-Robots-Tag': 'noindex, nofollow',
  }
  if (meta.announce) headers.Announce = `base64:${base64(meta.announce)}`
  if (meta.announce && meta.announceUrl) headers['Announce-Url'] = meta.announceUrl
  if (meta.providerId && isHappProviderId(meta.providerId)) headers.Providerid = meta.providerId
  // Happ and INCY take the same routing as a profile of their own; INCY also keeps it updated from its address.
  const routing = meta.routing && happRoutingHeader(meta.routing, meta.title)
  if (routing) headers.Routing = routing
  if (meta.routing && meta.autoroutingUrl) headers.Autorouting = incyAutorouting(meta.autoroutingUrl)
  if (meta.isp) {
    // Karing reads a name that is not ASCII percent-encoded.
    headers['Isp-Name'] = encodeURIComponent(meta.isp.name)
    headers['Isp-Url'] = meta.isp.url
    headers['Isp-Faq'] = meta.isp.faq
  }
  return headers
}

/** Happ's provider id: eight letters and digits (happ-proxy.com's provider_code). */
export function isHappProviderId(value: string): boolean {
  return /^[A-Za-z0-9]{8}$/.test(value)
}

const incyAutorouting = (url: string) => `incy://autorouting/onadd/${url}`

/**
 * The headers' keys again as lines at the top of the share-link list, for apps behind proxies that strip headers
 * (Happ, Hiddify and INCY read `#name: value`; Happ's provider id is `#providerid value`; INCY's autorouting is its
 * own link). Apps that read only share links skip lines that are none.
 */
function metaLines(headers: Record<string, string>): string[] {
  const lines = ['Profile-Title', 'Profile-Update-Interval', 'Subscription-Userinfo', 'Support-Url', 'Profile-Web-Page-Url', 'Announce', 'Announce-Url']
    .filter((name) => headers[name] !== undefined)
    .map((name) => `#${name.toLowerCase()}: ${headers[name]}`)
  if (headers.Providerid) lines.push(`#providerid ${headers.Providerid}`)
  if (headers.Autorouting) lines.push(headers.Autorouting)
  return lines
}

export function subscriptionResponse({ links, format, meta }: { links: readonly string[]; format: SubscriptionFormat; meta: SubscriptionMeta }): SubscriptionResponse {
  const shareLinks = shareLinksOnly(links)
  const headers = headersOf(meta, format)
  switch (format) {
    case 'base64':
      return { status: 200, headers, body: base64([...metaLines(headers), ...shareLinks].join('\n')) }
    case 'clash':
      return { status: 200, headers, body: mihomoConfig(proxiesOf(shareLinks, meta.title), meta.groups, meta.routing) }
    case 'clash-legacy':
      return { status: 200, headers, body: mihomoConfig(proxiesOf(shareLinks, meta.title), meta.groups, meta.routing, 'legacy') }
    case 'stash':
      return { status: 200, headers, body: mihomoConfig(proxiesOf(shareLinks, meta.title), meta.groups, meta.routing, 'stash') }
    case 'singbox':
      return { status: 200, headers, body: singboxConfig(proxiesOf(shareLinks, meta.title), meta.groups, meta.routing) }
    case 'json':
      return { status: 200, headers, body: xrayConfigs(proxiesOf(shareLinks, meta.title), meta.routing) }
    case 'wireguard': {
      // One tunnel per file: the first WireGuard key (the list's order puts keys that work where the visitors are first).
      const config = wireguardConfigOf(links)
      if (config) return { status: 200, headers, body: config }
      return { status: 404, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'private, no-store' }, body: JSON.stringify({ error: 'no_wireguard_key', ...(meta.unservedNotice ? { message: meta.unservedNotice } : {}) }) }
    }
    case 'outline': {
      const key = outlineAccessKey(proxiesOf(shareLinks, meta.title))
      if (key) return { status: 200, headers, body: JSON.stringify(key) }
      // Outline shows a dynamic key's error message as it is; without one to give, "no key" is a 404 (an empty JSON
      // object would be an error in the app).
      if (meta.unservedNotice) return { status: 200, headers, body: JSON.stringify(outlineNotice(meta.unservedNotice)) }
      return { status: 404, headers: { 'Content-Type': CONTENT.outline.type }, body: JSON.stringify({ error: 'no_outline_key' }) }
    }
  }
}

let buildId: string | undefined

/** This build's id: the same facts may render differently after an upgrade, so each build has its own tags. */
function currentBuild(): string {
  if (buildId !== undefined) return buildId
  try {
    buildId = readFileSync(path.join(process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim()
  } catch {
    buildId = 'development'
  }
  return buildId
}

/** An entity tag for everything an answer is rendered from (with this build: an upgrade may render it differently). */
export function entityTag(parts: readonly unknown[]): string {
  const digest = createHash('sha256').update(JSON.stringify([currentBuild(), ...parts])).digest('base64url')
  return `"${digest.slice(0, 27)}"`
}

/**
 * The entity tag of the answer these inputs render to, known before rendering it: an app's poll of an unchanged
 * subscription is answered 304 without building the body.
 */
export function subscriptionEtag({ links, format, meta }: { links: readonly string[]; format: SubscriptionFormat; meta: SubscriptionMeta }): string {
  return entityTag([format, links, meta])
}

/** Whether an If-None-Match header names `etag` (weak or strong, in a list, or `*`). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  // A header past any sane length names no tag of ours (each is 29 characters).
  if (ifNoneMatch.length > 4096) return false
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag === etag || tag === `W/${etag}`
  })
}

type SubscriptionInput = { links: readonly string[]; format: SubscriptionFormat; meta: SubscriptionMeta }

/**
 * The answer to a poll: 304 with the tag when If-None-Match names it (the body is never built), else the answer
 * with its tag. Routes add their Cache-Control.
 */
export function conditionalSubscriptionResponse(ifNoneMatch: string | null, input: SubscriptionInput): SubscriptionResponse {
  const etag = subscriptionEtag(input)
  if (matchesEtag(ifNoneMatch, etag)) return { status: 304, headers: { ETag: etag }, body: '' }
  const response = subscriptionResponse(input)
  return response.status === 200 ? { ...response, headers: { ...response.headers, ETag: etag } } : response
}
