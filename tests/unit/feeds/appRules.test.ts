// The operator's table of which app gets which answer (Site settings → Apps): its default is the mapping the site
// served before (the families' patterns, kept here as the oracle), and any User-Agent gets exactly one decision, in
// time that does not grow with the header's length beyond reading its start.
import { readFileSync } from 'node:fs'
import path from 'node:path'

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { APP_DECISIONS, DEFAULT_APP_RULES, appDecision, decideByAgent, isAppRulePrefix, ruleMatches } from '@/lib/feeds/appRules'
import type { AppRule } from '@/lib/feeds/appRules'

// The built-in families as they were written before the table (clients.ts up to this change).
const FAMILIES: readonly [RegExp, string][] = [
  [/^(clash-verge|clash[-.]?meta|flclash|mihomo|clash|stash)/i, 'clash'],
  [/^(sfa|sfi|sfm|sft|karing)\b|^sing[-_]?box/i, 'singbox'],
  [/^(outline|ss|ssr|ssd|sss|shadowsocks|ssconf)\b/i, 'outline'],
]
const LEGACY = /^(?!clashx[ .]meta)(clashforwindows|clash for windows|clashforandroid|clashx\b)/i
// The deliberate changes: the original Clash core's apps, which read no VLESS, get the YAML they read; Stash its own.
const before = (userAgent: string) =>
  LEGACY.test(userAgent.trim()) ? 'clash-legacy' : /^stash/i.test(userAgent.trim()) ? 'stash' : (FAMILIES.find(([pattern]) => pattern.test(userAgent.trim()))?.[1] ?? 'base64')

// User-Agents built from the names the rules know, their near misses, and anything at all.
const NAMES = ['ClashforWindows', 'Clash for Windows', 'ClashForAndroid', 'ClashX', 'ClashX Meta', 'ClashX.Meta', 'clashx', 'ClashXPro', 'clash', 'Clash', 'clash-verge', 'CLASH.meta', 'flclash', 'FlClash', 'mihomo', 'stash', 'sfa', 'SFA', 'sfi', 'sfm', 'sft', 'karing', 'sing-box', 'sing_box', 'singbox', 'SingBox', 'outline', 'Outline', 'ss', 'SS', 'ssr', 'ssd', 'sss', 'shadowsocks', 'ssconf', 'happ', 'v2rayNG', 'ſs', 'ſfa', 'K']
const agent = fc.oneof(
  fc.tuple(fc.constantFrom(' ', '', '\t', '\u00a0'), fc.constantFrom(...NAMES), fc.constantFrom('', '/', ' ', '-', '_', 'x', '1', '.', 'é', '\n'), fc.string({ maxLength: 12 })).map((parts) => parts.join('')),
  fc.string({ maxLength: 40 }),
  fc.string({ maxLength: 40, unit: 'binary' }),
)

describe('the operator’s table of apps and answers', () => {
  it('by default decides as the built-in families did, for any User-Agent', () => {
    fc.assert(
      fc.property(agent, (userAgent) => {
        expect(decideByAgent(userAgent)).toBe(before(userAgent))
      }),
      { numRuns: 3000 },
    )
  })

  it('is what the migration wrote into saved settings, row for row', () => {
    const migration = readFileSync(path.resolve(__dirname, '../../../migrations/20261130_120850_app_rules.ts'), 'utf8')
    const rows = [...migration.matchAll(/\((\d+), '([^']+)', (true|false), '([a-z0-9-]+)'\)/g)].map((match) => ({ startsWith: match[2], wholeWord: match[3] === 'true', decision: match[4] }))
    expect(rows).toEqual(DEFAULT_APP_RULES)
  })

  it('gives any User-Agent exactly one decision under any table: the first matching rule’s, else base64', () => {
    const rules = fc.array(
      fc.record({ startsWith: fc.constantFrom(...NAMES, 'h', 'v2ray', 'a b'), wholeWord: fc.boolean(), decision: fc.constantFrom(...APP_DECISIONS) }),
      { maxLength: 12 },
    )
    fc.assert(
      fc.property(agent, rules, (userAgent, table: AppRule[]) => {
        const decided = decideByAgent(userAgent, table)
        expect(APP_DECISIONS).toContain(decided)
        const first = table.find((rule) => ruleMatches(userAgent.trimStart(), rule))
        expect(decided).toBe(first?.decision ?? 'base64')
      }),
    )
  })

  it('an empty table serves everyone base64; a refusal or a notice holds whatever format the address asks', () => {
    expect(decideByAgent('clash-verge/v2.0.3', [])).toBe('base64')
    const table: AppRule[] = [
      { startsWith: 'v2rayNG', wholeWord: true, decision: 'notice' },
      { startsWith: 'curl', wholeWord: false, decision: 'refuse' },
      { startsWith: 'Happ', wholeWord: true, decision: 'json' },
    ]
    expect(appDecision({ userAgent: 'v2rayNG/1.9.16', suffix: 'clash', rules: table })).toBe('notice')
    expect(appDecision({ userAgent: 'curl/8.5.0', suffix: 'base64', rules: table })).toBe('refuse')
    expect(appDecision({ userAgent: 'Happ/3.4.1', suffix: null, rules: table })).toBe('json')
    expect(appDecision({ userAgent: 'Happ/3.4.1', suffix: 'base64', rules: table })).toBe('base64')
    expect(appDecision({ userAgent: 'Happy/1.0', suffix: null, rules: table })).toBe('base64')
    // No table saved yet (no settings row): the defaults.
    expect(appDecision({ userAgent: 'SFA/1.11.0', rules: null })).toBe('singbox')
  })

  it('takes as a prefix only printable ASCII without spaces at its ends, up to 64 characters', () => {
    for (const good of ['clash', 'SFA', 'sing-box', 'Happ/3', 'a b']) expect(isAppRulePrefix(good), good).toBe(true)
    for (const bad of ['', ' clash', 'clash ', 'кларк', 'x'.repeat(65), 'a\nb', 'tab\t']) expect(isAppRulePrefix(bad), JSON.stringify(bad)).toBe(false)
    for (const rule of DEFAULT_APP_RULES) expect(isAppRulePrefix(rule.startsWith), rule.startsWith).toBe(true)
  })

  it('reads only the start of a User-Agent: a megabyte-long one is decided about as fast as a short one', () => {
    const short = `${'x'.repeat(100)}/1.0`
    const long = `${'x'.repeat(1_000_000)}/1.0`
    const time = (value: string) => {
      let best = Infinity
      for (let run = 0; run < 5; run += 1) {
        const started = performance.now()
        for (let index = 0; index < 200; index += 1) decideByAgent(value)
        best = Math.min(best, performance.now() - started)
      }
      return best
    }
    time(short)
    // Ten thousand times the length; a decision that read the whole header would take thousands of times longer.
    expect(time(long)).toBeLessThan(time(short) * 50 + 5)
  })
})
