// The client apps a site starts with (migration 20261124_065033): per platform, store links (the Russian App
// Store's where it differs), the format each reads subscriptions in and its one-tap import link, following the
// apps' own URL schemes as Remnawave's subscription page and the apps' documentation give them (sing-box:
// clients/general; Hiddify: its wiki's "URL Scheme"). Frozen with its migration: editors change apps in
// admin → Client apps, and new defaults come in a migration of their own.
type Protocol = 'vless' | 'outline' | 'trojan' | 'wireguard' | 'openvpn' | 'sstp'
type Platform = 'android' | 'ios' | 'windows' | 'macos' | 'linux' | 'androidtv'
type SubscriptionFormat = 'base64' | 'clash' | 'singbox' | 'outline' | 'json'

export type DefaultClientApp = {
  name: string
  platform: Platform
  protocols: readonly Protocol[]
  storeUrl: string
  storeUrlRu?: string
  format?: SubscriptionFormat
  importTemplate?: string
  note?: { ru: string; en: string }
  recommended?: boolean
  order: number
}

const LINKS: Protocol[] = ['vless', 'trojan', 'outline']

const HAPP_IOS = { storeUrl: 'https://apps.apple.com/us/app/happ-proxy-utility/id6504287215', storeUrlRu: 'https://apps.apple.com/ru/app/happ-proxy-utility-plus/id6746188973' }
const HAPP_PLAY = 'https://play.google.com/store/apps/details?id=com.happproxy'
const HAPP = { name: 'Happ', protocols: LINKS, format: 'base64', importTemplate: 'happ://add/{url}', recommended: true, note: { ru: 'Бесплатно, без рекламы', en: 'Free, no ads' } } as const
const HIDDIFY = { name: 'Hiddify', protocols: LINKS, format: 'base64', importTemplate: 'hiddify://import/{url}#{name}', storeUrl: 'https://github.com/hiddify/hiddify-app/releases' } as const
const CLASH_VERGE = {
  name: 'Clash Verge Rev',
  protocols: LINKS,
  format: 'clash',
  importTemplate: 'clash://install-config?url={urlEncoded}&name={name}',
  storeUrl: 'https://github.com/clash-verge-rev/clash-verge-rev/releases',
} as const
const V2RAYN = { name: 'v2rayN', protocols: LINKS, storeUrl: 'https://github.com/2dust/v2rayN/releases' } as const
const OUTLINE = { name: 'Outline', protocols: ['outline'], format: 'outline', importTemplate: '{ssconf}' } as const
const WIREGUARD = { name: 'WireGuard', protocols: ['wireguard'] } as const
const OPENVPN = { name: 'OpenVPN Connect', protocols: ['openvpn'] } as const

export const defaultClientApps: DefaultClientApp[] = [
  // Android
  { ...HAPP, platform: 'android', storeUrl: HAPP_PLAY, order: 10 },
  { name: 'v2rayNG', platform: 'android', protocols: LINKS, format: 'base64', importTemplate: 'v2rayng://install-config?url={urlEncoded}&name={name}', storeUrl: 'https://play.google.com/store/apps/details?id=com.v2ray.ang', order: 20 },
  { ...HIDDIFY, platform: 'android', storeUrl: 'https://play.google.com/store/apps/details?id=app.hiddify.com', order: 30 },
  { name: 'v2RayTun', platform: 'android', protocols: LINKS, format: 'base64', importTemplate: 'v2raytun://import/{url}', storeUrl: 'https://play.google.com/store/apps/details?id=com.v2raytun.android', order: 40 },
  { name: 'Clash Meta', platform: 'android', protocols: LINKS, format: 'clash', importTemplate: 'clashmeta://install-config?url={urlEncoded}&name={name}', storeUrl: 'https://github.com/MetaCubeX/ClashMetaForAndroid/releases', order: 50 },
  { ...OUTLINE, platform: 'android', storeUrl: 'https://play.google.com/store/apps/details?id=org.outline.android.client', order: 60 },
  { ...WIREGUARD, platform: 'android', storeUrl: 'https://play.google.com/store/apps/details?id=com.wireguard.android', order: 70 },
  { ...OPENVPN, platform: 'android', storeUrl: 'https://play.google.com/store/apps/details?id=net.openvpn.openvpn', order: 80 },
  { name: 'Open SSTP Client', platform: 'android', protocols: ['sstp'], storeUrl: 'https://play.google.com/store/apps/details?id=kittoku.osc', order: 90 },
  // iOS
  { ...HAPP, platform: 'ios', ...HAPP_IOS, order: 10 },
  { name: 'Streisand', platform: 'ios', protocols: LINKS, format: 'base64', importTemplate: 'streisand://import/{url}', storeUrl: 'https://apps.apple.com/app/streisand/id6450534064', order: 20 },
  { name: 'v2RayTun', platform: 'ios', protocols: LINKS, format: 'base64', importTemplate: 'v2raytun://import/{url}', storeUrl: 'https://apps.apple.com/app/v2raytun/id6476628951', order: 30 },
  { name: 'sing-box', platform: 'ios', protocols: LINKS, format: 'singbox', importTemplate: 'sing-box://import-remote-profile?url={urlEncoded}#{name}', storeUrl: 'https://apps.apple.com/app/sing-box-vt/id6673731168', order: 40 },
  { ...OUTLINE, platform: 'ios', storeUrl: 'https://apps.apple.com/app/outline-app/id1356177741', order: 50 },
  { ...WIREGUARD, platform: 'ios', storeUrl: 'https://apps.apple.com/app/wireguard/id1441195209', order: 60 },
  { ...OPENVPN, platform: 'ios', storeUrl: 'https://apps.apple.com/app/openvpn-connect/id590379981', order: 70 },
  { name: 'SSTP Connect', platform: 'ios', protocols: ['sstp'], storeUrl: 'https://apps.apple.com/app/sstp-connect/id1543667909', order: 80 },
  // Windows
  { ...HAPP, platform: 'windows', storeUrl: 'https://github.com/Happ-proxy/happ-desktop/releases/latest', order: 10 },
  { ...HIDDIFY, platform: 'windows', order: 20 },
  { ...CLASH_VERGE, platform: 'windows', order: 30 },
  { ...V2RAYN, platform: 'windows', order: 40 },
  { ...OUTLINE, platform: 'windows', storeUrl: 'https://getoutline.org/get-started/', order: 50 },
  { ...WIREGUARD, platform: 'windows', storeUrl: 'https://www.wireguard.com/install/', order: 60 },
  { ...OPENVPN, platform: 'windows', storeUrl: 'https://openvpn.net/client/', order: 70 },
  {
    name: 'Windows VPN',
    platform: 'windows',
    protocols: ['sstp'],
    storeUrl: 'https://support.microsoft.com/windows/connect-to-a-vpn-in-windows-3d29aeb1-f497-f6b7-7633-115722c1009c',
    note: { ru: 'Встроено в Windows', en: 'Built into Windows' },
    order: 80,
  },
  // macOS
  { ...HAPP, platform: 'macos', ...HAPP_IOS, order: 10 },
  { name: 'Streisand', platform: 'macos', protocols: LINKS, format: 'base64', importTemplate: 'streisand://import/{url}', storeUrl: 'https://apps.apple.com/app/streisand/id6450534064', order: 20 },
  { ...HIDDIFY, platform: 'macos', order: 30 },
  { ...CLASH_VERGE, platform: 'macos', order: 40 },
  { ...OUTLINE, platform: 'macos', storeUrl: 'https://apps.apple.com/app/outline-secure-internet-access/id1356178125', order: 50 },
  { ...WIREGUARD, platform: 'macos', storeUrl: 'https://apps.apple.com/app/wireguard/id1451685025', order: 60 },
  { ...OPENVPN, platform: 'macos', storeUrl: 'https://openvpn.net/client/', order: 70 },
  { name: 'SSTP Connect', platform: 'macos', protocols: ['sstp'], storeUrl: 'https://apps.apple.com/app/sstp-connect/id1543667909', order: 80 },
  // Linux
  { ...HIDDIFY, platform: 'linux', order: 10 },
  { ...CLASH_VERGE, platform: 'linux', order: 20 },
  { ...V2RAYN, platform: 'linux', order: 30 },
  { ...OUTLINE, platform: 'linux', storeUrl: 'https://getoutline.org/get-started/', order: 40 },
  { ...WIREGUARD, platform: 'linux', storeUrl: 'https://www.wireguard.com/install/', order: 50 },
  { ...OPENVPN, platform: 'linux', storeUrl: 'https://openvpn.net/openvpn-client-for-linux/', order: 60 },
  // Android TV
  { ...HAPP, platform: 'androidtv', storeUrl: HAPP_PLAY, order: 10 },
  { name: 'v2RayTun', platform: 'androidtv', protocols: LINKS, format: 'base64', importTemplate: 'v2raytun://import/{url}', storeUrl: 'https://play.google.com/store/apps/details?id=com.v2raytun.android', order: 20 },
  { name: 'vpn4tv', platform: 'androidtv', protocols: LINKS, format: 'base64', importTemplate: 'hiddify://import/{url}', storeUrl: 'https://play.google.com/store/apps/details?id=com.vpn4tv.hiddify', order: 30 },
]

