// A visitor's journeys through the free keys, in Russian and English, in a real browser.
import { readFile } from 'node:fs/promises'

import type { APIRequestContext, Page } from '@playwright/test'
import { QRCodeSVG } from 'qrcode.react'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

import { QR_OPTIONS } from '../../src/components/keys/qrOptions'
import { DEMO_ACCOUNTS } from '../../src/seed/accounts'
import { RU } from './helpers'
import { expect, test } from './test'

/** The key window's copy button for a link key, as the visitor reads it. */
const COPY_KEY = { ru: 'Скопировать ключ', en: 'Copy key' } as const

test.use({ locale: 'ru-RU' })

test('country and protocol pages name the country in title and heading, in both languages', async ({ page }) => {
  await page.goto('/vless-de')
  await expect(page).toHaveTitle('Бесплатные ключи VLESS: Германия')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Бесплатные ключи VLESS: Германия')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/vless-de$/)
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/en\/vless-de$/)
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', /\/vless-de$/)

  await page.goto('/en/de')
  await expect(page).toHaveTitle('Free VPN keys: Germany')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Free VPN keys: Germany')
  const rows = page.getByTestId('key-table').locator('tbody tr')
  await expect(rows.first()).toContainText('Germany')
})

test('a protocol page\'s description says how its keys are used', async ({ request }) => {
  const description = async (path: string) => (await (await request.get(path, { headers: RU })).text()).match(/<meta name="description" content="([^"]*)"/)?.[1] ?? ''
  expect(await description('/vless-de')).toContain('скопируйте ключ, скачайте файл или отсканируйте QR-код')
  expect(await description('/wireguard')).toContain('скачайте файл конфигурации или отсканируйте его QR-код')
  // SSTP and OpenVPN keys have no QR code: their descriptions do not promise one.
  for (const path of ['/sstp', '/openvpn-de', '/en/sstp']) expect(await description(path), path).not.toMatch(/QR/)
  expect(await description('/en/sstp')).toContain('download the configuration file or enter the connection details')
})

test('the home page shows live counts and the trial banner', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByTestId('stat-keys')).toHaveText(/^\d+ ключ(а|ей)? доступно сейчас$/)
  await expect(page.getByTestId('stat-countries')).toHaveText(/^3\d стран(а|ы)?$/)
  await expect(page.getByTestId('trial-banner')).toContainText('1 ₽')
})

test('the search widget opens the canonical URL of the choice', async ({ page }) => {
  await page.goto('/')
  await page.getByTestId('search-country').selectOption('de')
  await page.getByTestId('search-protocol').selectOption('vless')
  await page.getByRole('button', { name: 'Найти ключи' }).click()
  await expect(page).toHaveURL(/\/vless-de$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Бесплатные ключи VLESS: Германия')

  await page.getByTestId('search-country').selectOption('')
  await page.getByTestId('search-protocol').selectOption('')
  await page.getByRole('button', { name: 'Найти ключи' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('the country finder says "Nothing found" when no country matches', async ({ page }) => {
  await page.goto('/')
  await page.getByTestId('country-finder').fill('Германия')
  await expect(page.getByTestId('search-country')).toHaveValue('de')
  await page.getByTestId('country-finder').fill('Атлантида')
  await expect(page.getByText('Ничего не найдено')).toBeVisible()
  // The country chosen before stays neither chosen nor searched for.
  await expect(page.getByTestId('search-country')).toHaveValue('')
  await page.getByRole('button', { name: 'Найти ключи' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('the country finder knows countries by the names people use, and a typed code by its code', async ({ page }) => {
  await page.goto('/')
  const finder = page.getByTestId('country-finder')
  for (const [typed, code] of [['америка', 'us'], ['сша', 'us'], ['голландия', 'nl'], ['Germany', 'de'], ['us', 'us'], ['uk', 'gb']] as const) {
    await finder.fill(typed)
    await expect(page.getByTestId('search-country'), typed).toHaveValue(code)
  }
  await page.getByRole('button', { name: 'Найти ключи' }).click()
  await expect(page).toHaveURL(/\/gb$/)
})

test('a filter without keys says "Server not found" with the hint', async ({ page }) => {
  const response = await page.goto('/openvpn-de')
  expect(response?.status()).toBe(200)
  await expect(page.getByText('Сервер не найден')).toBeVisible()
  await expect(page.getByText('Выберите другую страну или протокол.')).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the table, "show more" and the search widget still work', async ({ page }) => {
    await page.goto('/vless')
    await expect(page.getByTestId('key-table').locator('tbody tr')).toHaveCount(10)
    // Copying and the country finder need JavaScript: no control that would do nothing.
    await expect(page.getByRole('button', { name: 'Копировать' })).toHaveCount(0)
    await expect(page.getByTestId('country-finder')).toBeHidden()
    await expect(page.getByRole('link', { name: 'Подробнее' }).first()).toBeVisible()
    await page.getByTestId('show-more').click()
    await expect(page).toHaveURL(/\/vless\?show=20&after=\d+#row-11$/)
    await expect(page.getByTestId('key-table').locator('tbody tr')).toHaveCount(20)
    await expect(page.locator('#row-11')).toBeInViewport()

    await page.getByTestId('search-country').selectOption('de')
    await page.getByTestId('search-protocol').selectOption('outline')
    await page.getByRole('button', { name: 'Найти ключи' }).click()
    await expect(page).toHaveURL(/\/outline-de$/)
  })
})

test('the 404 screen without JavaScript offers the link to the main page, not a "Go back" that would do nothing', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'ru-RU' })
  const page = await context.newPage()
  await page.goto('/zz')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Упс! Страница не найдена')
  await expect(page.getByRole('button', { name: 'Назад' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'На главную' }).last()).toBeVisible()
  await context.close()
})

test('"Show +10 keys" adds ten rows and disappears when none remain', async ({ page }) => {
  await page.goto('/vless')
  const rows = page.getByTestId('key-table').locator('tbody tr')
  await expect(rows).toHaveCount(10)
  await page.getByTestId('show-more').click()
  await expect(rows).toHaveCount(20)
  await expect(page).toHaveURL(/\?show=20&after=\d+#row-11$/)
  // The visitor lands on the first new row, not back at the top of the page, and the keyboard goes on from there.
  await expect(page.locator('#row-11')).toBeInViewport()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  await expect(page.locator('#row-11').getByRole('link', { name: 'Подробнее' })).toBeFocused()

  const total = Number((await page.locator('.keys__footer span').textContent())?.match(/из (\d+)/)?.[1])
  const lastStep = Math.floor((total - 1) / 10) * 10
  await page.goto(`/vless?show=${lastStep}`)
  await expect(rows).toHaveCount(lastStep)
  await page.getByTestId('show-more').click()
  await expect(rows).toHaveCount(total)
  await expect(page.getByTestId('show-more')).toHaveCount(0)
})

test.describe('"Show +10 keys" while keys rotate in', () => {
  const editor = DEMO_ACCOUNTS.find((account) => account.role === 'editor')!
  let headers: Record<string, string>
  let serverId: number
  let countryId: number
  const hour = 3_600_000

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL })
    const login = await request.post('/api/users/login', { data: { email: editor.email, password: editor.password } })
    headers = { Authorization: `JWT ${((await login.json()) as { token: string }).token}` }
    countryId = ((await (await request.get('/api/countries?where[code][equals]=lu&depth=0', { headers })).json()) as { docs: { id: number }[] }).docs[0]!.id
    const server = await request.post('/api/servers', {
      headers,
      data: { name: `rotating-${Date.now()}`, country: countryId, hosting: 'Rotation', host: 'rotating.test.example', tier: 'free', enabled: true, adapter: 'manual' },
    })
    expect(server.status(), await server.text()).toBe(201)
    serverId = ((await server.json()) as { doc: { id: number } }).doc.id
    await request.dispose()
  })

  test.afterAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL })
    await request.delete(`/api/keys?where[server][equals]=${serverId}`, { headers })
    await request.delete(`/api/servers/${serverId}`, { headers })
    await request.dispose()
  })

  /** Keys on the test server; a later batch expires later, so it lists on top, as a rotation's new keys do. */
  async function addKeys(request: APIRequestContext, count: number, label: string, hoursLeft: number): Promise<void> {
    for (let index = 0; index < count; index += 1) {
      const created = await request.post('/api/keys', {
        headers,
        data: { server: serverId, protocol: 'trojan', tier: 'free', keyString: `trojan://${label}-${index}@rotating.test.example:443`, expiresAt: new Date(Date.now() + hoursLeft * hour + index * 60_000).toISOString() },
      })
      expect(created.status(), await created.text()).toBe(201)
    }
  }

  const ids = (page: Page) => page.getByTestId('key-table').locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-key-id')))

  for (const { locale, javaScript } of [
    { locale: 'ru', javaScript: false },
    { locale: 'en', javaScript: true },
  ] as const) {
    test(`continues after the last key shown, neither repeating nor skipping (${locale}, ${javaScript ? 'with' : 'without'} JavaScript)`, async ({ browser, request }) => {
      // The test server's list holds this test's keys only.
      expect((await request.delete(`/api/keys?where[server][equals]=${serverId}`, { headers })).status()).toBe(200)
      await addKeys(request, 25, `first-${locale}`, 20)
      const prefix = locale === 'en' ? '/en' : ''
      const context = await browser.newContext({ javaScriptEnabled: javaScript, locale: locale === 'en' ? 'en-US' : 'ru-RU' })
      const page = await context.newPage()
      await page.goto(`${prefix}/trojan-lu?show=30`)
      const before = await ids(page)
      await page.goto(`${prefix}/trojan-lu`)
      expect(await ids(page)).toEqual(before.slice(0, 10))

      // Seven keys rotate in above the ones on screen; then the visitor asks for ten more.
      await addKeys(request, 7, `second-${locale}`, 40)
      await page.getByTestId('show-more').click()
      await expect(page).toHaveURL(new RegExp(`/trojan-lu\\?show=20&after=${before[9]}#row-11$`))
      // The address changes before the new rows are in: read them once they are (CI read none once).
      await expect.poll(() => ids(page)).toEqual(before.slice(0, 20))
      await expect(page.locator('#row-11')).toHaveAttribute('data-key-id', before[10]!)
      await expect(page.locator('#row-11')).toBeInViewport()

      // And once more: the third ten follow the second, whatever was added on top.
      await page.getByTestId('show-more').click()
      await expect(page).toHaveURL(new RegExp(`\\?show=30&after=${before[19]}#row-21$`))
      // As above: the address first, the rows after (clone 99 read none here).
      await expect.poll(() => ids(page)).toEqual(before.slice(0, 30))
      await expect(page.locator('#row-21')).toHaveAttribute('data-key-id', before[20]!)
      await context.close()
    })
  }
})

test('on a desktop screen every cell of a row is a table cell, so the row lines meet', async ({ page }) => {
  // A flex box as a cell drew its own line under the actions, a pixel off the collapsed row border.
  await page.setViewportSize({ width: 1024, height: 800 })
  await page.goto('/vless-de')
  const cells = page.getByTestId('key-table').locator('tbody tr').first().locator('td')
  expect(await cells.evaluateAll((tds) => tds.map((td) => getComputedStyle(td).display))).toEqual(Array(6).fill('table-cell'))
})

test('Copy puts the key on the clipboard, confirms it, and tells the site a visitor took the key; it is served disabled until the page can copy', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  // As served, before any script: a tap then would do nothing, so the button does not take one.
  const served = await (await request.get('/vless-de')).text()
  expect(served.match(/<button[^>]*data-copy=[^>]*>/g)?.every((button) => /\sdisabled(=""|\s|>)/.test(button))).toBe(true)
  await page.goto('/vless-de')
  const row = page.getByTestId('key-table').locator('tbody tr').first()
  const id = await row.getAttribute('data-key-id')
  // The beacon of src/islands/keyTaken.ts, sent from the page as it is (its Origin is the site's): accepted.
  const beacon = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/key-details/${id}/taken`)
  await expect(row.getByRole('button', { name: 'Копировать' })).toBeEnabled()
  await row.getByRole('button', { name: 'Копировать' }).click()
  await expect(row.getByRole('button', { name: 'Скопировано' })).toBeVisible()
  expect((await beacon).status()).toBe(204)
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toMatch(/^vless:\/\/[0-9a-f-]{36}@de\d+\.free\.vpnkeys\.example:443\?/)
})

test('"Read more" opens the modal at the key\'s own URL; Back closes it; the URL works on its own', async ({ page }) => {
  await page.goto('/outline-de')
  const row = page.getByTestId('key-table').locator('tbody tr').first()
  const id = await row.getAttribute('data-key-id')
  // The link names its key (Lighthouse's SEO audit flags ten links all called "Подробнее").
  await row.getByRole('link', { name: 'Подробнее о ключе «Германия, Outline»', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/keys/${id}$`))
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Ключ Outline: Германия' })).toBeVisible()
  await expect(dialog.getByTestId('key-string')).toHaveText(/^ss:\/\/.+\?outline=1/)
  // A link key's first action is copying it into an app; its file is the second.
  await expect(dialog.getByRole('button', { name: COPY_KEY.ru })).toHaveClass(/button--primary/)
  await expect(dialog.getByTestId('key-download')).not.toHaveClass(/button--primary/)
  // The list behind the modal does not scroll.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden')

  await page.goBack()
  await expect(page).toHaveURL(/\/outline-de$/)
  await expect(dialog).toBeHidden()
  // Forward shows the key again, and closing it goes back to the list.
  await page.goForward()
  await expect(page).toHaveURL(new RegExp(`/keys/${id}$`))
  await expect(dialog.getByRole('heading', { name: 'Ключ Outline: Германия' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Закрыть' }).click()
  await expect(page).toHaveURL(/\/outline-de$/)
  await expect(dialog).toBeHidden()

  await page.goto(`/keys/${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ключ Outline: Германия')
  await page.goto(`/en/keys/${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outline key: Germany')
  await expect(page.getByRole('button', { name: COPY_KEY.en })).toHaveClass(/button--primary/)
  await expect(page.getByTestId('key-download')).not.toHaveClass(/button--primary/)
})

test('"Install" opens the modal at the client apps', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 })
  await page.goto('/vless-de')
  const row = page.getByTestId('key-table').locator('tbody tr').first()
  const id = await row.getAttribute('data-key-id')
  await row.getByRole('link', { name: 'Установить' }).click()
  await expect(page).toHaveURL(new RegExp(`/keys/${id}#apps$`))
  await expect(page.getByRole('dialog').locator('#apps')).toBeInViewport()
})

test('the first Tab offers to skip the header to the content', async ({ page }) => {
  await page.goto('/vless')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Перейти к содержимому' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.locator('#content')).toBeFocused()
})

test('the QR code encodes the key', async ({ page }) => {
  await page.goto('/vless-de')
  await page.getByTestId('key-table').locator('tbody tr').first().getByRole('link', { name: 'Подробнее' }).click()
  const dialog = page.getByRole('dialog')
  const key = await dialog.getByTestId('key-string').textContent()
  const onPage = await dialog.getByTestId('key-qr').locator('path').last().getAttribute('d')
  const expected = renderToStaticMarkup(createElement(QRCodeSVG, { value: key ?? '', ...QR_OPTIONS }))
  const expectedPaths = [...expected.matchAll(/ d="([^"]+)"/g)].map((match) => match[1])
  expect(onPage).toBeTruthy()
  expect(expectedPaths).toContain(onPage)
})

test('the modal lists client apps for the protocol and connection parameters where it has them', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/sstp-nl')
  await page.getByTestId('key-table').locator('tbody tr').first().getByRole('link', { name: 'Установить' }).click()
  const dialog = page.getByRole('dialog')
  // One tab per platform that has an SSTP app (none on Linux, where this browser runs: the first tab is chosen).
  for (const platform of ['Android', 'iOS', 'Windows', 'macOS']) await expect(dialog.getByRole('radio', { name: platform, exact: true })).toBeAttached()
  await expect(dialog.getByRole('radio', { name: 'Linux' })).toHaveCount(0)
  const sstpApp = dialog.getByTestId('client-app').filter({ hasText: 'Open SSTP Client' })
  await expect(sstpApp.getByRole('link', { name: 'Установить' })).toHaveAttribute('href', /play\.google\.com/)
  // SSTP is set up by hand: no subscription to add.
  await expect(dialog.getByTestId('import-link')).toHaveCount(0)
  await dialog.getByText('Windows', { exact: true }).click()
  await expect(dialog.getByTestId('client-app').filter({ hasText: 'Windows VPN' })).toContainText('Встроено в Windows')
  await expect(sstpApp).toBeHidden()
  const parameters = dialog.getByTestId('connection-parameters')
  await expect(parameters).toContainText('nl2.free.vpnkeys.example')
  await expect(parameters).toContainText('443')
  await dialog.getByRole('button', { name: 'Скопировать параметры' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^Сервер: nl2\.free\.vpnkeys\.example\nПорт: 443\nЛогин: .+\nПароль: .+$/)
})

test('download gives the configuration file with its name and content', async ({ page }) => {
  await page.goto('/wireguard-de')
  const id = await page.getByTestId('key-table').locator('tbody tr').first().getAttribute('data-key-id')
  await page.goto(`/keys/${id}`)
  // A file key has nothing to copy: its file is the first action.
  await expect(page.getByTestId('key-download')).toHaveClass(/button--primary/)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Скачать файл/ }).click()])
  expect(download.suggestedFilename()).toBe(`wg-de-${id}.conf`)
  const content = await readFile((await download.path())!, 'utf8')
  expect(content).toContain('[Interface]')
  expect(content).toMatch(/Endpoint = de1\.free\.vpnkeys\.example:51820/)
})

test('the language switch keeps the page and the choice', async ({ page }) => {
  await page.goto('/vless-de?show=20')
  await page.getByRole('navigation', { name: 'Язык' }).getByRole('link', { name: 'EN' }).click()
  await expect(page).toHaveURL(/\/en\/vless-de\?show=20$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Free VLESS keys: Germany')
  await page.goto('/support')
  await expect(page).toHaveURL(/\/en\/support$/)

  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'RU' }).click()
  await expect(page).toHaveURL(/\/support$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  await page.goto('/de')
  await expect(page).toHaveURL(/\/de$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Бесплатные VPN ключи: Германия')
})

test.describe('an English browser', () => {
  test.use({ locale: 'en-US' })

  test('lands on the English home page on its first visit', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Free VPN keys')
  })
})
