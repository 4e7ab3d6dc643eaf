// Which traffic skips the tunnel, for the formats that carry routing (Mihomo, sing-box, Xray JSON, Happ's `routing`
// header). Russian banks, public services and many shops refuse foreign addresses, so by default Russian domains
// and Russian IP ranges go direct, with private networks. The lists are referenced by URL and fetched by the apps,
// never bundled: the well-known community builds by default, or the editors' own (Site settings → Routing).
export type RoutingMode = 'off' | 'russia' | 'custom'

/** Where each app family reads the Russian lists from. */
export type RuleListUrls = {
  /** V2Ray/Xray geo files (Happ, INCY): `geoip:ru` and `geosite:category-ru` are read from them. */
  geoipDat: string
  geositeDat: string
  /** Mihomo rule sets (.mrs): domains and IP ranges. */
  mihomoDomains: string
  mihomoIp: string
  /** sing-box rule sets (.srs): domains and IP ranges. */
  singboxDomains: string
  singboxIp: string
}

export const DEFAULT_RULE_LISTS: RuleListUrls = {
  geoipDat: 'https://github.com/v2fly/geoip/releases/latest/download/geoip.dat',
  geositeDat: 'https://github.com/v2fly/domain-list-community/releases/latest/download/dlc.dat',
  mihomoDomains: 'https://github.com/MetaCubeX/meta-rules-dat/raw/meta/geo/geosite/category-ru.mrs',
  mihomoIp: 'https://github.com/MetaCubeX/meta-rules-dat/raw/meta/geo/geoip/ru.mrs',
  singboxDomains: 'https://raw.githubusercontent.com/SagerNet/sing-geosite/rule-set/geosite-category-ru.srs',
  singboxIp: 'https://raw.githubusercontent.com/SagerNet/sing-geoip/rule-set/geoip-ru.srs',
}

/** What goes direct: null when everything goes through the tunnel but private networks. */
export type DirectRouting = {
  lists: RuleListUrls
  /** When the editors last changed it (Unix seconds; 0 before they ever did): Happ replaces its profile only for a newer one. */
  updatedAt: number
}

/** Russian top-level domains (.ru, .su, .рф), direct whatever the lists say. */
export const RUSSIAN_DOMAIN_SUFFIXES = ['ru', 'su', 'xn--p1ai'] as const

export const PRIVATE_NETWORKS = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '127.0.0.0/8', '169.254.0.0/16', '100.64.0.0/10', 'fc00::/7', 'fe80::/10', '::1/128'] as const

/** Names the geo files give the Russian lists (v2fly's and the builds that follow them). */
export const GEO_RUSSIA = { ip: 'geoip:ru', private: 'geoip:private', sites: 'geosite:category-ru' } as const

export type RoutingSettings = { mode?: RoutingMode | null } & Partial<Record<keyof RuleListUrls, string | null>>

/** The direct routing the settings ask for; custom lists fall back to the defaults where a field is empty. */
export function directRouting(settings: RoutingSettings | null | undefined, changedAt: string | null | undefined): DirectRouting | null {
  const mode = settings?.mode ?? 'russia'
  if (mode === 'off') return null
  const lists = { ...DEFAULT_RULE_LISTS }
  if (mode === 'custom') {
    for (const name of Object.keys(lists) as (keyof RuleListUrls)[]) {
      const url = settings?.[name]
      if (url && isRuleListUrl(url)) lists[name] = url
    }
  }
  const time = changedAt ? Date.parse(changedAt) : NaN
  return { lists, updatedAt: Number.isFinite(time) ? Math.floor(time / 1000) : 0 }
}

/** A rule list is fetched by every subscriber's app: an https address, nothing else. */
export function isRuleListUrl(value: string): boolean {
  if (value.length > 500) return false
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && !url.username && !url.password && url.hostname.includes('.')
  } catch {
    return false
  }
}

// Happ caps what it reads from a header; the profile stays far below this.
const HAPP_HEADER_MAX = 8 * 1024

/** Where INCY fetches the routing profile to keep it updated (its `autorouting`): src/app/api/routing/route.ts. */
export const ROUTING_PROFILE_PATH = '/api/routing'

/** Happ's (and INCY's) routing profile: Russian sites and addresses and private networks direct, the rest through the tunnel. */
export function happRoutingProfile(routing: DirectRouting, name: string) {
  return {
    Name: name,
    GlobalProxy: 'true',
    RemoteDns: '1.1.1.1',
    DomesticDns: '77.88.8.8',
    Geoipurl: routing.lists.geoipDat,
    Geositeurl: routing.lists.geositeDat,
    LastUpdated: String(routing.updatedAt),
    DnsHosts: {},
    DirectSites: [GEO_RUSSIA.sites, ...RUSSIAN_DOMAIN_SUFFIXES.map((suffix) => `domain:${suffix}`)],
    DirectIp: [GEO_RUSSIA.private, GEO_RUSSIA.ip],
    ProxySites: [],
    ProxyIp: [],
    BlockSites: [],
    BlockIp: [],
    DomainStrategy: 'IPIfNonMatch',
    FakeDNS: 'false',
  }
}

/**
 * The routing profile as Happ's (and INCY's) `routing` header: `happ://routing/onadd/{base64 JSON}` adds and turns it
 * on, replacing the profile of the same name when `LastUpdated` is newer.
 */
export function happRoutingHeader(routing: DirectRouting, name: string): string | null {
  const header = `happ://routing/onadd/${Buffer.from(JSON.stringify(happRoutingProfile(routing, name)), 'utf8').toString('base64')}`
  return header.length <= HAPP_HEADER_MAX ? header : null
}
