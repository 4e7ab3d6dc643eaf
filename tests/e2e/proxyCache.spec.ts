// nginx's page cache as visitors meet it (deploy/nginx/default.conf.template): public pages come from the cache,
// first visits included; signed-in visitors, robots, the API and the account never do.

import { PRODUCTION_HOST } from '../helpers/testHosts'

import { BROWSER_UA, GOOGLEBOT_UA, rawGet } from './helpers'
import { expect, test } from './test'

const RU_BROWSER = { 'user-agent': BROWSER_UA, 'accept-language': 'ru-RU,ru;q=0.9' }

// As visitors ask: without the journeys' hard-reload header (playwright.config.ts).
test.use({ extraHTTPHeaders: {} })

test('a public page is kept by nginx: a first visit is cacheable (it sets no cookie) and the next visitor gets it from the cache', async ({ playwright, baseURL }) => {
  // Fresh contexts: no cookies.
  const first = await playwright.request.newContext({ baseURL })
  const second = await playwright.request.newContext({ baseURL })
  const path = `/fi?show=${20 + 10 * Math.floor(Math.random() * 40)}`
  const miss = await first.get(path, { headers: RU_BROWSER })
  expect(miss.status()).toBe(200)
  expect(miss.headers()['set-cookie']).toBeUndefined()
  expect(miss.headers()['x-cache-status']).toMatch(/^(MISS|EXPIRED)$/)
  const hit = await second.get(path, { headers: RU_BROWSER })
  expect(hit.headers()['x-cache-status']).toBe('HIT')
  expect(await hit.text()).toBe(await miss.text())
  // An English browser asking for the same Russian address is not given the cached Russian page: it is redirected.
  const english = await second.get(path, { headers: { ...RU_BROWSER, 'accept-language': 'en-US,en;q=0.9' }, maxRedirects: 0 })
  expect(english.status()).toBe(307)
  expect(english.headers()['location']).toMatch(/\/en\/fi\?show=\d+$/)
  // A hard reload goes to the app.
  expect((await second.get(path, { headers: { ...RU_BROWSER, 'cache-control': 'no-cache' } })).headers()['x-cache-status']).toBe('BYPASS')
  await first.dispose()
  await second.dispose()
})

test('browsers that take gzip get the app’s compressed copy from the cache; a client that does not gets its own plain copy', async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL })
  // An address no earlier run has cached (nginx's cache outlives the suite's database).
  const path = `/de?visit=${Date.now()}`
  const browserLike = { ...RU_BROWSER, 'accept-encoding': 'gzip, deflate, br, zstd' }
  await request.get(path, { headers: browserLike })
  const compressed = await request.get(path, { headers: browserLike })
  expect(compressed.headers()['x-cache-status']).toBe('HIT')
  // Kept compressed: nginx does not compress the page again for each visitor.
  expect(compressed.headers()['content-encoding']).toBe('gzip')
  const plainFirst = await request.get(path, { headers: { ...RU_BROWSER, 'accept-encoding': 'identity' } })
  expect(plainFirst.headers()['x-cache-status']).toBe('MISS')
  const plain = await request.get(path, { headers: { ...RU_BROWSER, 'accept-encoding': 'identity' } })
  expect(plain.headers()['x-cache-status']).toBe('HIT')
  expect(plain.headers()['content-encoding']).toBeUndefined()
  expect(await plain.text()).toBe(await compressed.text())
  await request.dispose()
})

test('signed-in visitors, robots, the API and the account never come from nginx’s cache', async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL })
  await request.get('/de', { headers: RU_BROWSER })
  await request.get('/de', { headers: RU_BROWSER })
  for (const cookie of ['vk-signed-in=1', 'payload-token=x']) {
    expect((await request.get('/de', { headers: { ...RU_BROWSER, cookie } })).headers()['x-cache-status'], cookie).toBe('BYPASS')
  }
  expect((await request.get('/de', { headers: { ...RU_BROWSER, 'user-agent': GOOGLEBOT_UA } })).headers()['x-cache-status']).toBe('BYPASS')
  // A form sent back with the visitor's address is theirs: never kept.
  for (let visit = 0; visit < 2; visit += 1) {
    const refilled = await request.get('/tariffs?plan=1&email=someone%40mail.example.com', { headers: RU_BROWSER })
    expect(refilled.headers()['x-cache-status']).toBe('BYPASS')
  }
  for (const path of ['/api/feed/de', '/profile/servers', '/admin/login']) {
    const response = await request.get(path, { headers: RU_BROWSER, maxRedirects: 0 })
    expect(response.headers()['x-cache-status'], path).toBeUndefined()
  }
  // Build files are kept too, for a year.
  const html = await (await request.get('/de', { headers: RU_BROWSER })).text()
  const chunk = /\/_next\/static\/[^"]+\.js/.exec(html)?.[0]
  await request.get(chunk!)
  const again = await request.get(chunk!)
  expect(again.headers()['x-cache-status']).toBe('HIT')
  expect(again.headers()['cache-control']).toContain('immutable')
  await request.dispose()
})

test('the page stores the visitor’s language in the browser, so the next visit follows it', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'ru-RU' })
  const page = await context.newPage()
  await page.goto('/en/de')
  expect((await context.cookies()).find((cookie) => cookie.name === 'NEXT_LOCALE')).toMatchObject({ value: 'en', path: '/', sameSite: 'Lax' })
  const stored = (await context.cookies()).find((cookie) => cookie.name === 'NEXT_LOCALE')!
  // Kept for a year.
  expect(stored.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000)
  await page.goto('/vless')
  await expect(page).toHaveURL(`${baseURL}/en/vless`)
  await context.close()
})

test('no request can make nginx keep one visitor’s language, or one host’s answer, for another', async ({ baseURL }) => {
  const host = new URL(baseURL!).host
  const port = new URL(baseURL!).port
  const cases: { name: string; poison: Record<string, string>; victim: Record<string, string>; to: string }[] = [
    // The app once decoded the cookie (%72u is "ru") while nginx read it as sent, and keyed the page as English.
    { name: 'an encoded cookie', poison: { host, cookie: 'NEXT_LOCALE=%72u', 'accept-language': 'en-US' }, victim: { host, cookie: 'NEXT_LOCALE=en' }, to: '/en/de' },
    // nginx matched the cookie's name without case, the app exactly.
    { name: 'a lower-case cookie name', poison: { host, cookie: 'next_locale=en', 'accept-language': 'ru' }, victim: { host, cookie: 'NEXT_LOCALE=en', 'accept-language': 'ru' }, to: '/en/de' },
    { name: 'two cookies', poison: { host, cookie: 'NEXT_LOCALE=ru; NEXT_LOCALE=en', 'accept-language': 'en' }, victim: { host, cookie: 'NEXT_LOCALE=en' }, to: '/en/de' },
    // nginx keys by $host (no trailing dot, no case); the app compared the Host as written, so the production
    // host with a dot got a page, kept for every visitor of the production host, who must be sent on instead.
    { name: 'the production host with a trailing dot', poison: { host: `${PRODUCTION_HOST}.:${port}`, 'accept-language': 'ru' }, victim: { host: `${PRODUCTION_HOST}:${port}`, 'accept-language': 'ru' }, to: '/de' },
    { name: 'the production host in capitals', poison: { host: `VPNKEYS.test:${port}`, 'accept-language': 'ru' }, victim: { host: `${PRODUCTION_HOST}:${port}`, 'accept-language': 'ru' }, to: '/de' },
  ]
  for (const { name, poison, victim, to } of cases) {
    const path = `/de?visit=${Date.now()}${Math.floor(Math.random() * 1e6)}`
    const first = await rawGet(baseURL!, path, poison)
    await rawGet(baseURL!, path, poison)
    const answer = await rawGet(baseURL!, path, victim)
    expect(answer.cacheStatus, `${name}: ${first.status} then the victim got ${answer.status} ${answer.cacheStatus}`).not.toBe('HIT')
    expect(answer.status, name).toBe(307)
    expect(answer.location, name).toContain(`${to}?visit=`)
  }
  // A request line naming the production host with a Host header naming the free-keys host: nginx keys by the one,
  // the app decides by the other; the answer is kept apart from both hosts' visitors.
  const split = `/de?visit=${Date.now()}split`
  for (let visit = 0; visit < 2; visit += 1) await rawGet(baseURL!, `http://${PRODUCTION_HOST}:${port}${split}`, { host, 'accept-language': 'ru' })
  const production = await rawGet(baseURL!, split, { host: `${PRODUCTION_HOST}:${port}`, 'accept-language': 'ru' })
  expect(production.status).toBe(307)
  expect(production.cacheStatus).not.toBe('HIT')

  // And a plain Russian visitor's page is still kept and served.
  const path = `/de?visit=${Date.now()}`
  await rawGet(baseURL!, path, { host, cookie: 'NEXT_LOCALE=ru', 'accept-language': 'en' })
  const cached = await rawGet(baseURL!, path, { host, 'accept-language': 'ru-RU,ru;q=0.9' })
  expect(cached.cacheStatus).toBe('HIT')
  expect(cached.body).toContain('lang="ru"')
})
