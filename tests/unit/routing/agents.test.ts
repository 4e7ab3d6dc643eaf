import { describe, expect, it } from 'vitest'

import { isAutomatedAgent, isCommandLineClient, isCrawler } from '@/lib/routing/agents'

describe('user agents', () => {
  it('recognises search and social crawlers and Lighthouse', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Mozilla/5.0 (Linux; Android 11) Chrome/126 Mobile Safari/537.36 Chrome-Lighthouse',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
    ]) {
      expect(isCrawler(agent), agent).toBe(true)
    }
  })
  it('recognises command-line clients and a missing user agent', () => {
    for (const agent of ['curl/8.5.0', 'Wget/1.21.3', 'python-requests/2.32', 'HTTPie/3.2', '', null]) {
      expect(isCommandLineClient(agent), String(agent)).toBe(true)
    }
  })
  it('treats phone and desktop browsers as people', () => {
    for (const agent of [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 YaBrowser/24.12',
    ]) {
      expect(isAutomatedAgent(agent), agent).toBe(false)
    }
  })
})
