// A visitor's journeys through the free keys, in Russian and English, in a real browser.
import { readFile } from 'node:fs/promises'

import { expect, test } from '@playwright/test'
import { QRCodeSVG } from 'qrcode.react'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

import { QR_OPTIONS } from '../../src/components/keys/qrOptions'

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
    await page.getByTestId('show-more').click()
    await expect(page).toHaveURL(/\/vless\?show=20$/)
    await expect(page.getByTestId('key-table').locator('tbody tr')).toHaveCount(20)

    await page.getByTestId('search-country').selectOption('de')
    await page.getByTestId('search-protocol').selectOption('outline')
    await page.getByRole('button', { name: 'Найти ключи' }).click()
    await expect(page).toHaveURL(/\/outline-de$/)
  })
})

test('"Show +10 keys" adds ten rows and disappears when none remain', async ({ page }) => {
  await page.goto('/vless')
  const rows = page.getByTestId('key-table').locator('tbody tr')
  await expect(rows).toHaveCount(10)
  await page.getByTestId('show-more').click()
  await expect(rows).toHaveCount(20)
  await expect(page).toHaveURL(/\?show=20$/)

  const total = Number((await page.locator('.keys__footer span').textContent())?.match(/из (\d+)/)?.[1])
  const lastStep = Math.floor((total - 1) / 10) * 10
  await page.goto(`/vless?show=${lastStep}`)
  await expect(rows).toHaveCount(lastStep)
  await page.getByTestId('show-more').click()
  await expect(rows).toHaveCount(total)
  await expect(page.getByTestId('show-more')).toHaveCount(0)
})

test('Copy puts the key on the clipboard and confirms it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/vless-de')
  const row = page.getByTestId('key-table').locator('tbody tr').first()
  await row.getByRole('button', { name: 'Копировать' }).click()
  await expect(row.getByRole('button', { name: 'Скопировано' })).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toMatch(/^vless:\/\/[0-9a-f-]{36}@de\d+\.free\.vpnkeys\.example:443\?/)
})

test('"Read more" opens the modal at the key\'s own URL; Back closes it; the URL works on its own', async ({ page }) => {
  await page.goto('/outline-de')
  const row = page.getByTestId('key-table').locator('tbody tr').first()
  const id = await row.getAttribute('data-key-id')
  await row.getByRole('link', { name: 'Подробнее' }).click()
  await expect(page).toHaveURL(new RegExp(`/keys/${id}$`))
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Ключ Outline: Германия' })).toBeVisible()
  await expect(dialog.getByTestId('key-string')).toHaveText(/^ss:\/\/.+\?outline=1/)

  await page.goBack()
  await expect(page).toHaveURL(/\/outline-de$/)
  await expect(dialog).toBeHidden()

  await page.goto(`/keys/${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ключ Outline: Германия')
  await page.goto(`/en/keys/${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outline key: Germany')
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

test('the modal lists client apps for the protocol and connection parameters where it has them', async ({ page }) => {
  await page.goto('/sstp-nl')
  await page.getByTestId('key-table').locator('tbody tr').first().getByRole('link', { name: 'Установить' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('link', { name: 'Open SSTP Client' })).toHaveAttribute('href', /play\.google\.com/)
  for (const platform of ['iOS', 'Android', 'macOS', 'Windows']) await expect(dialog.getByText(platform, { exact: true })).toBeVisible()
  const parameters = dialog.getByTestId('connection-parameters')
  await expect(parameters).toContainText('nl2.free.vpnkeys.example')
  await expect(parameters).toContainText('443')
})

test('download gives the configuration file with its name and content', async ({ page }) => {
  await page.goto('/wireguard-de')
  const id = await page.getByTestId('key-table').locator('tbody tr').first().getAttribute('data-key-id')
  await page.goto(`/keys/${id}`)
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
