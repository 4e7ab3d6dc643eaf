// The entry a subscription serves in place of keys it cannot serve: a share link every parser reads, named with the
// notice, connecting nowhere, carried by every format.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

import { isNoticeLink, noticeLink, noticeText, NOTICE_MAX_LENGTH } from '@/lib/feeds/notice'
import { subscriptionResponse } from '@/lib/feeds/respond'
import type { SubscriptionMeta } from '@/lib/feeds/respond'
import { parseShareLink } from '@/lib/keys'

import { readFeedBody } from '../../helpers/feedBody'
import { VIP_META } from '../../helpers/subscriptionMeta'

const meta: SubscriptionMeta = { ...VIP_META, expiresAt: null }

const TEXT = 'Лимит устройств: освободите место в «Моих серверах»'

describe('a notice in place of keys', () => {
  it('is a VLESS link to 0.0.0.0, port 1, named with the notice: read by the key parser, usable by nobody', () => {
    const link = noticeLink(TEXT)
    const parsed = parseShareLink(link)
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    expect(parsed.value).toMatchObject({ protocol: 'vless', host: '0.0.0.0', port: 1, name: TEXT })
    expect(isNoticeLink(link)).toBe(true)
  })

  it('is carried by every format an app reads: one entry under its name (base64, Mihomo and Clash YAML, sing-box and Xray JSON)', () => {
    const links = [noticeLink(TEXT)]
    expect(readFeedBody(subscriptionResponse({ links, format: 'base64', meta }).body).links).toEqual(links)
    const clash = parse(subscriptionResponse({ links, format: 'clash', meta }).body) as { proxies: { name: string; server: string; port: number }[] }
    expect(clash.proxies).toEqual([expect.objectContaining({ name: TEXT, server: '0.0.0.0', port: 1 })])
    const singbox = JSON.parse(subscriptionResponse({ links, format: 'singbox', meta }).body) as { outbounds: { tag: string; server?: string }[] }
    expect(singbox.outbounds.filter((outbound) => outbound.server !== undefined)).toEqual([expect.objectContaining({ tag: TEXT, server: '0.0.0.0' })])
    // The original Clash core reads no VLESS: there the notice is a Shadowsocks entry to the same nowhere.
    const legacy = parse(subscriptionResponse({ links, format: 'clash-legacy', meta }).body) as { proxies: { name: string; type: string; server: string; port: number }[] }
    expect(legacy.proxies).toEqual([expect.objectContaining({ name: TEXT, type: 'ss', server: '0.0.0.0', port: 1 })])
    const xray = JSON.parse(subscriptionResponse({ links, format: 'json', meta }).body) as { remarks: string }[]
    expect(xray.map((config) => config.remarks)).toEqual([TEXT])
  })

  it('keeps whatever text it is given on one line of at most the length apps show, and readable back from the link', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: 'grapheme' }), (text) => {
        const link = noticeLink(text)
        expect(link).not.toMatch(/[\r\n]/)
        const parsed = parseShareLink(link)
        expect(parsed.ok).toBe(true)
        if (parsed.ok) expect((parsed.value.name ?? '').length).toBeLessThanOrEqual(NOTICE_MAX_LENGTH)
      }),
    )
  })

  it('says the editors’ words in the owner’s language when they wrote them, with {host} filled in; else the site’s own', () => {
    const texts = { ru: { ended: '  Подписка закончилась — продлите на {host}  ' }, en: { ended: '' } }
    expect(noticeText(texts, 'ru', 'ended', { fallback: 'default', host: 'vpn.example' })).toBe('Подписка закончилась — продлите на vpn.example')
    expect(noticeText(texts, 'en', 'ended', { fallback: 'Subscription ended: renew at vpn.example', host: 'vpn.example' })).toBe('Subscription ended: renew at vpn.example')
    expect(noticeText(null, 'ru', 'deviceLimit', { fallback: TEXT, host: 'vpn.example' })).toBe(TEXT)
  })
})
