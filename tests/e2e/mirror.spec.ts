// The site on a mirror (MIRROR_HOSTS), another domain pointed at the same nginx for when the main one is blocked:
// in Chromium through Debian's nginx under the mirror's own name, as a visitor there would use it. Every address the
// site gives out on the mirror is the mirror's; search engines are kept to the production host.

import { MIRROR_HOST, PRODUCTION_HOST } from '../helpers/testHosts'

import { latestMailTo, linkFromMail } from './mail'
import { expect, test } from './test'

// A visitor of their own: the link allowance (30 an hour an address) is not shared with the rest of the run's requests.
test.use({ extraHTTPHeaders: { 'cache-control': 'no-cache', 'x-forwarded-for': `192.0.2.${10 + (Date.now() % 200)}` } })

const HAPP = { 'user-agent': 'Happ/3.4.1', 'x-hwid': `mirror-${Date.now() % 1e9}-phone`, 'x-device-os': 'Android', 'x-ver-os': '14', 'x-device-model': 'Pixel 8' }

let counter = 0
function newAddress(): string {
  counter += 1
  return `mirror${Date.now()}${counter}@mail.example.com`
}

function on(baseURL: string | undefined, host: string): string {
  return `http://${host}:${new URL(baseURL!).port}`
}

function decodeAnnounce(value: string | undefined): string | null {
  return value === undefined ? null : Buffer.from(value.replace(/^base64:/, ''), 'base64').toString('utf8')
}

test('a mirror serves the site and its feeds under its own name, never indexed; robots.txt opens the production host by name', async ({ page, request, baseURL }) => {
  const mirror = on(baseURL, MIRROR_HOST)
  const response = await page.goto(`${mirror}/de`)
  expect(response?.status()).toBe(200)
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow')
  await expect(page).toHaveURL(`${mirror}/de`)
  await expect(page.getByTestId('key-table')).toBeVisible()
  // Its feed is given out on the mirror (each mirror's pages are its own; the site's name the site).
  await expect(page.getByTestId('feed-url')).toHaveText(`${mirror}/api/feed/de`)
  // Search engines are told where the page lives: the production host, never the mirror.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${on(baseURL, PRODUCTION_HOST)}/de`)
  // A redirect on the mirror stays on it.
  await page.goto(`${mirror}/de/`)
  await expect(page).toHaveURL(`${mirror}/de`)
  await page.goto(`${baseURL}/de`)
  await expect(page.getByTestId('feed-url')).toHaveText(`${baseURL}/api/feed/de`)

  expect(await (await request.get(`${mirror}/robots.txt`)).text()).toContain('Disallow: /')
  // The production host is the production host with a port too (the site compares host names).
  const production = await request.get('/robots.txt', { headers: { host: `${PRODUCTION_HOST}:${new URL(baseURL!).port}` } })
  expect(await production.text()).toMatch(/Allow: \/\n[\s\S]*Sitemap: http:\/\/vpnkeys\.test:\d+\/sitemap\.xml/)

  // A free feed polled on the mirror links its page on the mirror; on the site, the site's (copies are kept per host).
  for (const [base, host] of [[mirror, MIRROR_HOST], [baseURL!, new URL(baseURL!).hostname]] as const) {
    const feed = await request.get(`${base}/api/feed/all`, { headers: { 'user-agent': HAPP['user-agent'] } })
    expect(feed.status()).toBe(200)
    expect(feed.headers()['profile-web-page-url']).toBe(`${on(baseURL, host)}/`)
  }
})

test('[ru] signing in on a mirror: the e-mailed link opens on the mirror, the session is the mirror’s alone', async ({ page, baseURL }) => {
  const mirror = on(baseURL, MIRROR_HOST)
  const email = newAddress()
  await page.goto(`${mirror}/register`)
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click()
  const link = linkFromMail(await latestMailTo(email))
  expect(new URL(link).origin).toBe(mirror)
  await page.goto(link)
  await page.getByTestId('confirm-link').click()
  await expect(page).toHaveURL(`${mirror}/profile/servers`)
  await expect(page.getByRole('banner').getByRole('button', { name: 'Выйти' })).toBeVisible()
  // Cookies are per host: the main domain has not been signed in to.
  await page.goto(`${baseURL}/profile/servers`)
  await expect(page.getByRole('banner').getByRole('button', { name: 'Выйти' })).toHaveCount(0)
})

test('[en] buying on a mirror: back on the mirror after paying; the subscription is given out on the mirror and answers there', async ({ page, request, baseURL }) => {
  const mirror = on(baseURL, MIRROR_HOST)
  const email = newAddress()
  await page.goto(`${mirror}/en/tariffs`)
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByRole('button', { name: /Pay ₽1 and start the trial/ }).click()
  await expect(page.locator('#purchase-error')).toContainText('We have sent an e-mail to this address')
  await expect(page).toHaveURL(new RegExp(`^${mirror}/en/tariffs\\?`))
  const link = linkFromMail(await latestMailTo(email, 'Continue your purchase at VPN keys'))
  expect(new URL(link).origin).toBe(mirror)
  await page.goto(link)
  await page.getByTestId('confirm-link').click()
  await page.getByRole('button', { name: 'Pay (test)' }).click()
  await expect(page).toHaveURL(new RegExp(`^${mirror}/en/success-payment\\?`))

  // The activation e-mail gives the subscription URL on the site and on the mirror.
  const activation = await latestMailTo(email, 'Your VPN keys VIP subscription is active')
  const onSite = new RegExp(`Your subscription link for apps \\(Happ, v2RayTun, Hiddify and others\\): (${baseURL}/api/subscription/\\d+/[\\w-]{43})\\n`).exec(activation.text)
  const onMirror = new RegExp(`If the site is blocked, the same subscription on a mirror: (${mirror}/api/subscription/\\d+/[\\w-]{43})\\n`).exec(activation.text)
  expect(onSite?.[1]).toBeDefined()
  expect(onMirror?.[1]).toBe(onSite![1]!.replace(baseURL!, mirror))

  // The first key, made from the e-mail's button as the mail gives it on the mirror; then the app polls the mirror and
  // gets it, with the mirror's links.
  const button = new RegExp(`If the button does not open \\(the site is blocked\\), the same link on a mirror: (${mirror}/en/verify-email/[\\w-]{43})\\n`).exec(activation.text)
  expect(button?.[1]).toBe(linkFromMail(activation).replace(baseURL!, mirror))
  await page.goto(button![1]!)
  await page.getByTestId('confirm-link').click()
  await expect(page).toHaveURL(new RegExp(`^${mirror}/en/profile/servers\\?welcome=\\d+$`))
  const poll = await request.get(onMirror![1]!, { headers: HAPP })
  expect(poll.status()).toBe(200)
  expect(Buffer.from(await poll.text(), 'base64').toString('utf8')).toMatch(/^(vless|ss|trojan):\/\//m)
  expect(poll.headers()['profile-web-page-url']).toBe(`${mirror}/en/profile/servers`)
  expect(poll.headers()['support-url']).toBe(`${mirror}/en/support`)
  // Polled on the site, the line the app shows names the mirror.
  const polledOnSite = await request.get(onSite![1]!, { headers: HAPP })
  expect(decodeAnnounce(polledOnSite.headers()['announce'])).toBe(`If the site does not open, it is also at: ${MIRROR_HOST}`)

  // Signed in on the mirror, the account's forms work there: a second device's key.
  const form = page.getByTestId('device-form')
  await form.getByLabel('Device name').fill('Tablet')
  await form.getByRole('button', { name: 'Create key' }).click()
  await expect(page).toHaveURL(new RegExp(`^${mirror}/en/profile/servers\\?created=\\d+$`))
  await expect(page.getByTestId('device-count')).toHaveText('2 of 10 device keys')

  // My servers on the mirror shows the mirror's URL first and the site's as the other address.
  await expect(page.getByTestId('subscription-url')).toHaveText(onMirror![1]!)
  await expect(page.getByTestId('subscription-mirrors')).toContainText('If the site is blocked, this same subscription works at this address:')
  await expect(page.getByTestId('subscription-mirrors')).toContainText(onSite![1]!)
  // In Russian too (/ru stores the choice, so the page after it is Russian).
  await page.goto(`${mirror}/ru/profile/servers`)
  await expect(page).toHaveURL(`${mirror}/profile/servers`)
  await expect(page.getByTestId('subscription-url')).toHaveText(onMirror![1]!)
  await expect(page.getByTestId('subscription-mirrors')).toContainText('Если сайт заблокирован, эта же подписка работает по адресу:')
  // So does the subscription page opened from the link in a browser.
  await page.goto(onMirror![1]!)
  await expect(page).toHaveURL(new RegExp(`^${mirror}/subscription/\\d+/[\\w-]{43}$`))
  await expect(page.getByTestId('subscription-url')).toHaveText(onMirror![1]!)
})
