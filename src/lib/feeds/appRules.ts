// Which app gets which answer from the personal subscription, as Remnawave's "response rules" decide it: a table the
// operator edits (Site settings → Apps) mapping the start of a User-Agent to a format, to one entry saying "use one of
// these apps" (notice.ts), or to a refusal (403). The first rule that matches decides; no match: base64 share links.
// Matching is a prefix compared without regard to ASCII case (as the /i of the built-in families' patterns), optionally
// as a whole word (the next character is none of [A-Za-z0-9_], as `\b` after a name): no pattern language, so no input
// can make a decision slow, and each costs at most the length of the rules.
import { SUBSCRIPTION_FORMATS, isSubscriptionFormat } from './formats'

export const APP_DECISIONS = [...SUBSCRIPTION_FORMATS, 'notice', 'refuse'] as const

export type AppDecision = (typeof APP_DECISIONS)[number]

export type AppRule = { startsWith: string; wholeWord: boolean; decision: AppDecision }

/** How long a rule's prefix may be (the longest app name is far shorter), and how many rules a table holds. */
export const APP_RULE_MAX_LENGTH = 64
export const APP_RULES_MAX = 100

const rule = (decision: AppDecision, wholeWord: boolean, ...names: string[]): AppRule[] => names.map((startsWith) => ({ startsWith, wholeWord, decision }))

/**
 * The built-in mapping (Marzban's subscription router and Remnawave's default rules): Clash Meta / Mihomo apps read Mihomo
 * YAML, the original Clash core's apps its own YAML, Stash its dialect; the official sing-box apps and Karing a sing-box profile; Outline and
 * other Shadowsocks apps one dynamic access key; everyone else base64 share links.
 */
export const DEFAULT_APP_RULES: readonly AppRule[] = [
  // The original Clash core's apps read no VLESS and none of Mihomo's fields (ClashX Meta is Mihomo's).
  ...rule('clash', false, 'ClashX Meta', 'ClashX.Meta'),
  ...rule('clash-legacy', false, 'ClashforWindows', 'Clash for Windows', 'ClashForAndroid'),
  ...rule('clash-legacy', true, 'ClashX'),
  ...rule('stash', false, 'stash'),
  ...rule('clash', false, 'clash', 'flclash', 'mihomo'),
  ...rule('singbox', true, 'sfa', 'sfi', 'sfm', 'sft', 'karing'),
  ...rule('singbox', false, 'sing-box', 'sing_box', 'singbox'),
  ...rule('outline', true, 'outline', 'ss', 'ssr', 'ssd', 'sss', 'shadowsocks', 'ssconf'),
]

export function isAppDecision(value: unknown): value is AppDecision {
  return (APP_DECISIONS as readonly unknown[]).includes(value)
}

/** A prefix a rule can hold: printable ASCII without spaces at its ends, as app names in User-Agents are. */
export function isAppRulePrefix(value: string): boolean {
  return value.length > 0 && value.length <= APP_RULE_MAX_LENGTH && /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value)
}

const lowerAscii = (code: number) => (code >= 65 && code <= 90 ? code + 32 : code)
const isWordChar = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95

/** Whether `agent` (trimmed) starts with the rule's prefix, as a whole word if it asks. */
export function ruleMatches(agent: string, { startsWith, wholeWord }: Pick<AppRule, 'startsWith' | 'wholeWord'>): boolean {
  if (!startsWith || agent.length < startsWith.length) return false
  for (let index = 0; index < startsWith.length; index += 1) {
    if (lowerAscii(agent.charCodeAt(index)) !== lowerAscii(startsWith.charCodeAt(index))) return false
  }
  if (!wholeWord || agent.length === startsWith.length) return true
  // `\b` after the prefix: a word character followed by none, or a non-word one followed by one.
  return isWordChar(startsWith.charCodeAt(startsWith.length - 1)) !== isWordChar(agent.charCodeAt(startsWith.length))
}

/** The decision for a User-Agent: the first matching rule's, else base64. `rules` null: the defaults. */
export function decideByAgent(userAgent: string | null, rules: readonly AppRule[] | null = null): AppDecision {
  const agent = trimStart(userAgent ?? '')
  for (const candidate of rules ?? DEFAULT_APP_RULES) if (ruleMatches(agent, candidate)) return candidate.decision
  return 'base64'
}

/**
 * What the personal subscription answers an app: a refusal or a notice whatever the address asks (the operator's
 * word); else the format the address names (`/…/clash`), else the rules' format.
 */
export function appDecision({ userAgent, suffix, rules }: { userAgent: string | null; suffix?: string | null; rules: readonly AppRule[] | null }): AppDecision {
  const decided = decideByAgent(userAgent, rules)
  if (decided === 'notice' || decided === 'refuse') return decided
  return isSubscriptionFormat(suffix) ? suffix : decided
}

// Only the start is read: leading whitespace skipped by index, never a copy of a long header.
function trimStart(value: string): string {
  let start = 0
  while (start < value.length && /\s/.test(value[start]!)) start += 1
  return start === 0 ? value : value.slice(start)
}
