// The formats a subscription answers in (respond.ts renders each; clients.ts and appRules.ts choose one).
// `clash-legacy`: the original Clash core (Clash for Windows, ClashX, Clash for Android), which reads no VLESS and none of
// Mihomo's own fields; `stash`: Stash's dialect of the same YAML (its own delay-test fields, no Mihomo rule sets);
// `wireguard`: one WireGuard `.conf`, for apps that import WireGuard by subscription (Hiddify, Karing).
export const SUBSCRIPTION_FORMATS = ['base64', 'clash', 'clash-legacy', 'stash', 'singbox', 'outline', 'json', 'wireguard'] as const

export type SubscriptionFormat = (typeof SUBSCRIPTION_FORMATS)[number]

export function isSubscriptionFormat(value: unknown): value is SubscriptionFormat {
  return (SUBSCRIPTION_FORMATS as readonly unknown[]).includes(value)
}
