// Every public route in its three forms, the redirects, 404s, host rules and noindex, as HTTP sees them.

import { BROWSER_UA, FREE_KEYS_HOST, GOOGLEBOT_UA, PRODUCTION_HOST, RU } from './helpers'
import { expect, test } from './test'

const ROUTES = ['/', '/vless', '/outline', '/trojan', '/wireguard', '/openvpn', '/sstp', '/de', '/vless-de', '/outline-de', '/support', '/privacy', '/user-agreement']

test.describe('route forms', () => {
  for (const route of ROUTES) {
    test(`${route} answers unprefixed, under /en, and /ru redirects permanently`, async ({ request }) => {
      const ru = await request.get(route, { headers: RU, maxRedirects: 0 })
      expect(ru.status()).toBe(200)
      expect(await ru.text()).toContain('<html lang="ru"')

      const enPath = route === '/' ? '/en' : `/en${route}`
      const en = await request.get(enPath, { headers: RU, maxRedirects: 0 })
      expect(en.status()).toBe(200)
      expect(await en.text()).toContain('<html lang="en"')

      const ruPrefixed = await request.get(`/ru${route === '/' ? '' : route}?utm_source=test`, { headers: RU, maxRedirects: 0 })
      expect(ruPrefixed.status()).toBe(308)
      expect(ruPrefixed.headers()['location']).toMatch(new RegExp(`${route === '/' ? '/' : route}\\?utm_source=test$`))
    })
  }

  test('Russia\'s key list in Russian is /ru/ru (alone, /ru is the prefix that leads home)', async ({ page, request }) => {
    const home = await request.get('/ru', { headers: RU, maxRedirects: 0 })
    expect(home.status()).toBe(308)
    await page.goto('/en/ru')
    await expect(page.locator('link[rel="alternate"][hreflang="ru"]')).toHaveAttribute('href', /\/ru\/ru$/)
    const response = await page.goto('/ru/ru')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveURL(/\/ru\/ru$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Россия')
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/ru\/ru$/)
  })

  test('a language prefix typed in capitals lands where the prefix does, in both languages', async ({ page }) => {
    await page.goto('/RU')
    await expect(page).toHaveURL(/:\d+\/$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
    await page.goto('/EN')
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await page.goto('/En/tariffs')
    await expect(page).toHaveURL(/\/en\/tariffs$/)
  })

  test('a trailing slash is removed permanently, keeping the query', async ({ request }) => {
    const response = await request.get('/vless-de/?show=20', { headers: RU, maxRedirects: 0 })
    expect(response.status()).toBe(308)
    expect(response.headers()['location']).toMatch(/\/vless-de\?show=20$/)
    const english = await request.get('/en/support/', { headers: RU, maxRedirects: 0 })
    expect(english.status()).toBe(308)
    expect(english.headers()['location']).toMatch(/\/en\/support$/)
  })

  test('unknown countries and routes answer 404 and show the 404 screen in the page language', async ({ page }) => {
    for (const path of ['/zz', '/vless-zz', '/no/such/page', '/support/more', '/list/vless/10', '/keys/999999', '/en/zz']) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      const title = path.startsWith('/en') ? 'Oops! Page not found' : 'Упс! Страница не найдена'
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(title)
      await expect(page, path).toHaveTitle(title)
      await expect(page.getByRole('link', { name: path.startsWith('/en') ? 'To the main page' : 'На главную' }).last()).toBeVisible()
    }
  })

  test('the 404 screen is in the server\'s HTML, inside the site\'s header and footer, for visitors without JavaScript', async ({ request }) => {
    for (const path of ['/zz', '/vless-zz', '/no/such/page', '/support/more', '/keys', '/list/vless/10', '/keys/999999', '/login/nowhere', '/en/zz', '/en/keys/x']) {
      const response = await request.get(path, { headers: RU, maxRedirects: 0 })
      expect(response.status(), path).toBe(404)
      const html = await response.text()
      const title = path.startsWith('/en') ? 'Oops! Page not found' : 'Упс! Страница не найдена'
      expect(html, path).toContain(`<h1>${title}</h1>`)
      expect(html, path).toContain(`<title>${title}</title>`)
      expect(html, path).toMatch(/<header[^>]*>[\s\S]*<main[\s\S]*<footer/)
      expect(html, path).toMatch(/<meta name="robots" content="noindex/)
      expect(html, path).not.toContain('__next_error__')
    }
  })

  test('"Go back" on the 404 screen returns to the page of ours before it, else to the main page', async ({ page, baseURL }) => {
    await page.goto('/zz')
    await page.getByRole('button', { name: 'Назад' }).click()
    await expect(page).toHaveURL(`${baseURL}/`)

    await page.goto('/vless')
    await page.goto('/zz', { referer: `${baseURL}/vless` })
    await page.getByRole('button', { name: 'Назад' }).click()
    await expect(page).toHaveURL(`${baseURL}/vless`)
  })

  test('crawlers get the 404 status without the error screen', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: GOOGLEBOT_UA })
    const page = await context.newPage()
    const response = await page.goto('/zz')
    expect(response?.status()).toBe(404)
    await expect(page.locator('.error-screen')).toBeAttached()
    await expect(page.getByText('Упс! Страница не найдена')).toHaveCount(0)
    await context.close()
  })
})

test.describe('language detection', () => {
  test('an English browser without a cookie is sent to the English page and the choice is stored for a year', async ({ request }) => {
    const response = await request.get('/de', { headers: { 'user-agent': BROWSER_UA, 'accept-language': 'en-US,en;q=0.9' }, maxRedirects: 0 })
    expect(response.status()).toBe(307)
    expect(response.headers()['location']).toMatch(/\/en\/de$/)
    expect(response.headers()['set-cookie']).toMatch(/NEXT_LOCALE=en;.*Max-Age=31536000/)
  })

  test('the cookie wins over the browser language', async ({ request }) => {
    const response = await request.get('/de', {
      headers: { 'user-agent': BROWSER_UA, 'accept-language': 'en-US', cookie: 'NEXT_LOCALE=ru' },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(200)
  })

  test('crawlers always get the Russian page at /', async ({ request }) => {
    const response = await request.get('/', { headers: { 'user-agent': GOOGLEBOT_UA, 'accept-language': 'en-US' }, maxRedirects: 0 })
    expect(response.status()).toBe(200)
  })
})

test.describe('hosts and indexing', () => {
  test('public pages do not ask for client hints (Chrome would request them twice); the admin panel does', async ({ request }) => {
    for (const path of ['/', '/vless-de', '/en/support']) {
      const response = await request.get(path, { headers: RU })
      expect(response.status(), path).toBe(200)
      expect(response.headers()['critical-ch'], path).toBeUndefined()
      expect(response.headers()['accept-ch'], path).toBeUndefined()
    }
    const admin = await request.get('/admin/login', { headers: RU })
    expect(admin.headers()['critical-ch']).toBe('Sec-CH-Prefers-Color-Scheme')
  })

  test('people on the production host are sent to the free-keys host with path and query', async ({ request, baseURL }) => {
    const response = await request.get('/vless-de?show=20', {
      headers: { ...RU, host: PRODUCTION_HOST },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(307)
    // On the free-keys host as SERVER_URL names it (the suite's nginx port included).
    expect(response.headers()['location']).toBe(`http://${FREE_KEYS_HOST}:${new URL(baseURL!).port}/vless-de?show=20`)
  })

  test('crawlers and command-line clients are served on the production host, indexable', async ({ request }) => {
    for (const agent of [GOOGLEBOT_UA, 'curl/8.5.0']) {
      const response = await request.get('/de', { headers: { 'user-agent': agent, host: PRODUCTION_HOST }, maxRedirects: 0 })
      expect(response.status(), agent).toBe(200)
      expect(response.headers()['x-robots-tag'], agent).toBeUndefined()
      const html = await response.text()
      expect(html).toContain('<meta name="robots" content="index, follow"/>')
    }
  })

  test('every other host carries noindex, nofollow in the header and the page', async ({ request }) => {
    for (const host of [FREE_KEYS_HOST, undefined]) {
      const response = await request.get('/de', { headers: host ? { ...RU, host } : RU })
      expect(response.status()).toBe(200)
      expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow')
      expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow"/>')
    }
  })

  test('robots.txt allows crawling only on the production host', async ({ request }) => {
    const production = await request.get('/robots.txt', { headers: { host: PRODUCTION_HOST } })
    const rules = await production.text()
    expect(rules).toMatch(/Allow: \/\n[\s\S]*Sitemap: /)
    // The personal pages, in both languages (src/lib/routing/routeTable.ts).
    expect(rules).toContain('Disallow: /profile/\n')
    expect(rules).toContain('Disallow: /en/profile/\n')
    const other = await request.get('/robots.txt')
    expect(await other.text()).toContain('Disallow: /')
  })

  test('sitemap.xml lists the key lists and documents in both languages, on the production host search engines index', async ({ request, baseURL }) => {
    const response = await request.get('/sitemap.xml')
    expect(response.status()).toBe(200)
    const xml = await response.text()
    const indexed = `http://${PRODUCTION_HOST}:${new URL(baseURL!).port}`
    for (const path of ['/vless-de', '/en/vless-de', '/de', '/en/de', '/support', '/en/privacy', '/wireguard', '/status', '/en/status']) {
      expect(xml, path).toContain(`<loc>${indexed}${path}</loc>`)
    }
    expect(xml).toContain('hreflang="en"')
    // No SSTP server in Germany in the seed: that page only says "Server not found", and is not listed.
    expect(await (await request.get('/sstp-de', { headers: RU })).text()).not.toContain('data-testid="key-table"')
    expect(xml).not.toContain(`<loc>${indexed}/sstp-de</loc>`)
  })
})
