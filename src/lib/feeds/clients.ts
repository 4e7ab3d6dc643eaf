// Which format a subscription answers in: an explicit path suffix wins, else the client app's User-Agent by the
// built-in families (appRules.ts: DEFAULT_APP_RULES), which follow Marzban's subscription router and Remnawave's default
// response rules: Clash Meta / Mihomo apps read Mihomo YAML, sing-box apps (SFA/SFI/SFM/SFT, Karing) sing-box JSON,
// Outline and other Shadowsocks apps one dynamic access key, and everything else (v2rayN, v2rayNG, Happ, Streisand,
// NekoBox, FoXray, v2RayTun, Hiddify…) base64 share links. Hiddify gets base64 as Remnawave gives it: its own sing-box
// core lags the profile format the official sing-box apps read. Xray JSON (`json`) is served by its suffix only, as both
// panels do by default. The personal subscription follows the operator's table instead (appDecision).
import { decideByAgent } from './appRules'
import { isSubscriptionFormat } from './formats'
import type { SubscriptionFormat } from './formats'

export { SUBSCRIPTION_FORMATS, isSubscriptionFormat } from './formats'
export type { SubscriptionFormat } from './formats'

/** The format for a request: `suffix` (`/…/clash`) when it names one, else the User-Agent's family, else base64. */
export function subscriptionFormat({ userAgent, suffix }: { userAgent: string | null; suffix?: string | null }): SubscriptionFormat {
  if (isSubscriptionFormat(suffix)) return suffix
  const decided = decideByAgent(userAgent)
  return decided === 'notice' || decided === 'refuse' ? 'base64' : decided
}

/** A browser opening the subscription URL gets the subscription page rather than a file. */
export function wantsPage(accept: string | null, userAgent: string | null): boolean {
  return /\btext\/html\b/.test(accept ?? '') && /Mozilla\//.test(userAgent ?? '')
}
