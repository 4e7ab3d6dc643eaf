import { describe, expect, it } from 'vitest'

import { subscriptionFormat, wantsPage } from '@/lib/feeds/clients'

describe('the format a subscription answers in', () => {
  it.each([
    // Base64 share links: the v2ray family and everything unknown.
    ['v2rayNG/1.9.16', 'base64'],
    ['v2rayN/7.2.3', 'base64'],
    ['Happ/3.4.1', 'base64'],
    ['Streisand/1.6.44 CFNetwork/1568.100.1 Darwin/24.0.0', 'base64'],
    ['NekoBox/Android/1.3.6 (Prefer ClashMeta Format)', 'base64'],
    ['FoXray/2.3.1', 'base64'],
    ['v2RayTun/5.17.62 (Android 14)', 'base64'],
    ['curl/8.5.0', 'base64'],
    ['', 'base64'],
    // Mihomo YAML: Clash Meta family.
    ['clash-verge/v2.0.3', 'clash'],
    ['ClashMetaForAndroid/2.11.2.Meta', 'clash'],
    ['clash.meta', 'clash'],
    ['FlClash/v0.8.60 clash-verge Platform/android', 'clash'],
    ['mihomo/1.18.10', 'clash'],
    ['Stash/2.7.1 Clash/1.11.0', 'stash'],
    // The original Clash core: YAML without VLESS.
    ['ClashforWindows/0.20.39', 'clash-legacy'],
    ['ClashX/1.118.0 (com.west2online.ClashX; build:1.118.0; macOS 14.5.0) Alamofire/5.9.1', 'clash-legacy'],
    ['ClashX Meta/1.3.10', 'clash'],
    ['ClashForAndroid/2.5.12', 'clash-legacy'],
    // sing-box JSON.
    ['SFA/1.10.3 (239; sing-box 1.10.3)', 'singbox'],
    ['SFI/1.11.0 (Build 2; sing-box 1.11.0; language zh_CN)', 'singbox'],
    ['SFM/1.10.1', 'singbox'],
    ['sing-box 1.11.4', 'singbox'],
    ['HiddifyNext/2.5.7 (android) like ClashMeta v2ray sing-box', 'base64'],
    ['karing/1.0.32.381 android', 'singbox'],
    // Outline's dynamic access key.
    ['Outline/1.13.0', 'outline'],
    ['ssconf', 'outline'],
    ['SS/1.0', 'outline'],
  ] as const)('%s → %s', (userAgent, format) => {
    expect(subscriptionFormat({ userAgent })).toBe(format)
  })

  it('an explicit suffix overrides the User-Agent; an unknown suffix does not', () => {
    expect(subscriptionFormat({ userAgent: 'v2rayNG/1.9.16', suffix: 'clash' })).toBe('clash')
    expect(subscriptionFormat({ userAgent: 'clash-verge/v2.0.3', suffix: 'base64' })).toBe('base64')
    expect(subscriptionFormat({ userAgent: 'SFA/1.10.3', suffix: 'outline' })).toBe('outline')
    expect(subscriptionFormat({ userAgent: 'SFA/1.10.3', suffix: 'xml' })).toBe('singbox')
    // Xray JSON only when asked for: the v2ray family reads base64 by default, as Marzban and Remnawave serve it.
    expect(subscriptionFormat({ userAgent: 'v2rayNG/1.9.16', suffix: 'json' })).toBe('json')
    expect(subscriptionFormat({ userAgent: 'v2rayNG/1.9.16' })).toBe('base64')
  })

  it('a browser asking for HTML gets the page; an app never does', () => {
    const chrome = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'
    expect(wantsPage('text/html,application/xhtml+xml,*/*;q=0.8', chrome)).toBe(true)
    expect(wantsPage('*/*', chrome)).toBe(false)
    expect(wantsPage('text/html', 'v2rayNG/1.9.16')).toBe(false)
  })
})
