// Shared constants and requests of the end-to-end tests: user agents, the hosts the test server is started with,
// and a request sent exactly as written.
import { request as httpRequest } from 'node:http'

import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'

export const BROWSER_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'
export const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
export { FREE_KEYS_HOST, PRODUCTION_HOST } from '../helpers/testHosts'
export const RU = { 'user-agent': BROWSER_UA, 'accept-language': 'ru-RU,ru;q=0.9' }

export type RawAnswer = { status: number; location?: string; cacheStatus?: string; body: string }

/**
 * A GET to nginx with exactly this path and these headers, the Host included: as an attacker sends it, not as a
 * browser or Playwright would (they read `//host/` as another site and set Host themselves).
 */
export function rawGet(baseURL: string, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  const port = Number(new URL(baseURL).port)
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path, headers: { 'user-agent': BROWSER_UA, ...headers } }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, location: response.headers.location, cacheStatus: response.headers['x-cache-status'] as string | undefined, body }),
      )
    })
    sent.on('error', reject)
    sent.end()
  })
}

/**
 * Waits until the page's islands have started (src/islands/start.ts): on a page React renders they start after
 * hydration, and a form sent before then posts itself and lands on its result page, as without JavaScript.
 */
export async function islandsStarted(page: Page): Promise<void> {
  await expect(page.locator('html[data-islands="started"]')).toBeAttached()
}

/**
 * A form's POST from the page's context (its cookies, extra headers and site), as the page's own form sends it: where
 * the answer's redirect leads. For a test whose subject comes after a journey another test takes through its pages.
 */
export async function postForm(page: Page, path: string, form: Record<string, string>): Promise<string> {
  const answer = await page.request.post(path, { form, maxRedirects: 0 })
  expect(answer.status(), `${path}: ${answer.headers().location ?? ''}`).toBe(303)
  return answer.headers().location!
}
