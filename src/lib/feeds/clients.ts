// Which format a subscription answers in: an explicit path suffix wins, else the client app's User-Agent.
// The families follow Marzban's subscription router (app/routers/subscription.py) and Remnawave's default
// response rules: Clash Meta / Mihomo apps read Mihomo YAML, sing-box apps (SFA/SFI/SFM/SFT, Karing) sing-box
// JSON, Outline and other Shadowsocks apps one dynamic access key, and everything else (v2rayN, v2rayNG, Happ,
// Streisand, NekoBox, FoXray, v2RayTun, Hiddify…) base64 share links. Hiddify gets base64 as Remnawave gives
// it: its own sing-box core lags the profile format the official sing-box apps read. Xray JSON (`json`) is served
// by its suffix only, as both panels do by default.

export const SUBSCRIPTION_FORMATS = ['base64', 'clash', 'singbox', 'outline', 'json'] as const

export type SubscriptionFormat = (typeof SUBSCRIPTION_FORMATS)[number]

const FAMILIES: readonly [RegExp, SubscriptionFormat][] = [
  [/^(clash-verge|clash[-.]?meta|flclash|mihomo|clash|stash)/i, 'clash'],
  [/^(sfa|sfi|sfm|sft|karing)\b|^sing[-_]?box/i, 'singbox'],
  [/^(outline|ss|ssr|ssd|sss|shadowsocks|ssconf)\b/i, 'outline'],
]

export function isSubscriptionFormat(value: unknown): value is SubscriptionFormat {
  return (SUBSCRIPTION_FORMATS as readonly unknown[]).includes(value)
}

/** The format for a request: `suffix` (`/…/clash`) when it names one, else the User-Agent's family, else base64. */
export function subscriptionFormat({ userAgent, suffix }: { userAgent: string | null; suffix?: string | null }): SubscriptionFormat {
  if (isSubscriptionFormat(suffix)) return suffix
  const agent = (userAgent ?? '').trim()
  return FAMILIES.find(([pattern]) => pattern.test(agent))?.[1] ?? 'base64'
}

/** A browser opening the subscription URL gets the subscription page rather than a file. */
export function wantsPage(accept: string | null, userAgent: string | null): boolean {
  return /\btext\/html\b/.test(accept ?? '') && /Mozilla\//.test(userAgent ?? '')
}
