// Site settings for a fresh install: names, contacts, marketing figures and client-app links.
import type { Protocol } from '@/lib/keys'

type Platform = 'ios' | 'android' | 'macos' | 'windows'
type ClientApp = { protocol: Protocol; platform: Platform; name: string; url: string }

const XRAY_APPS: Omit<ClientApp, 'protocol'>[] = [
  { platform: 'ios', name: 'Streisand', url: 'https://apps.apple.com/app/streisand/id6450534064' },
  { platform: 'android', name: 'v2rayNG', url: 'https://play.google.com/store/apps/details?id=com.v2ray.ang' },
  { platform: 'macos', name: 'Hiddify', url: 'https://github.com/hiddify/hiddify-app/releases' },
  { platform: 'windows', name: 'v2rayN', url: 'https://github.com/2dust/v2rayN/releases' },
]

const byProtocol: Record<Protocol, Omit<ClientApp, 'protocol'>[]> = {
  vless: XRAY_APPS,
  trojan: XRAY_APPS,
  outline: [
    { platform: 'ios', name: 'Outline', url: 'https://apps.apple.com/app/outline-app/id1356177741' },
    { platform: 'android', name: 'Outline', url: 'https://play.google.com/store/apps/details?id=org.outline.android.client' },
    { platform: 'macos', name: 'Outline', url: 'https://apps.apple.com/app/outline-secure-internet-access/id1356178125' },
    { platform: 'windows', name: 'Outline', url: 'https://getoutline.org/get-started/' },
  ],
  wireguard: [
    { platform: 'ios', name: 'WireGuard', url: 'https://apps.apple.com/app/wireguard/id1441195209' },
    { platform: 'android', name: 'WireGuard', url: 'https://play.google.com/store/apps/details?id=com.wireguard.android' },
    { platform: 'macos', name: 'WireGuard', url: 'https://apps.apple.com/app/wireguard/id1451685025' },
    { platform: 'windows', name: 'WireGuard', url: 'https://www.wireguard.com/install/' },
  ],
  openvpn: [
    { platform: 'ios', name: 'OpenVPN Connect', url: 'https://apps.apple.com/app/openvpn-connect/id590379981' },
    { platform: 'android', name: 'OpenVPN Connect', url: 'https://play.google.com/store/apps/details?id=net.openvpn.openvpn' },
    { platform: 'macos', name: 'OpenVPN Connect', url: 'https://openvpn.net/client/' },
    { platform: 'windows', name: 'OpenVPN Connect', url: 'https://openvpn.net/client/' },
  ],
  sstp: [
    { platform: 'ios', name: 'SSTP Connect', url: 'https://apps.apple.com/app/sstp-connect/id1543667909' },
    { platform: 'android', name: 'Open SSTP Client', url: 'https://play.google.com/store/apps/details?id=kittoku.osc' },
    { platform: 'macos', name: 'SSTP Connect', url: 'https://apps.apple.com/app/sstp-connect/id1543667909' },
    {
      platform: 'windows',
      name: 'Windows VPN',
      url: 'https://support.microsoft.com/windows/connect-to-a-vpn-in-windows-3d29aeb1-f497-f6b7-7633-115722c1009c',
    },
  ],
}

export const seedClientApps: ClientApp[] = Object.entries(byProtocol).flatMap(([protocol, apps]) =>
  apps.map((app) => ({ ...app, protocol: protocol as Protocol })),
)

export const seedSettings = {
  siteName: { ru: 'VPN ключи', en: 'VPN keys' },
  supportEmail: 'support@example.com',
  claimedKeys: 500,
  claimedCountries: 50,
  // Demo figures: editors replace them with their real review score (an empty score hides the block).
  rating: { score: 4.8, reviews: 1200 },
  cancelDiscountPercent: 30,
  trialBanner: {
    ru: 'Безлимитный трафик и до 10 устройств на одну подписку.',
    en: 'Unlimited traffic and up to 10 devices on one subscription.',
  },
}
