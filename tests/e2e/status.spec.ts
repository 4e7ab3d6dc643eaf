// /status through nginx: which protocols work from the visitors' networks, in both languages, from the demo's probe
// network (the seed's, marked demo), as a chart and a table; cached like the lists.
import { expect, test } from './test'

test('/status shows per protocol and network the share of keys that worked in the last hour and week, as a chart and a table, in Russian and English', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Что работает сегодня' }).click()
  await expect(page).toHaveURL(/\/status$/)
  const answer = await page.goto('/status')
  expect(answer?.status()).toBe(200)
  expect(answer?.headers()['cache-control']).toContain('s-maxage')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Какие VPN работают в России сегодня')
  const table = page.getByTestId('status-table')
  const row = (protocol: string, network: string) => table.locator(`tr[data-protocol="${protocol}"][data-network="${network}"]`)
  await expect(row('vless', 'МТС (демо)').locator('td').nth(2)).toHaveText(/^\d{2,3} % \(\d+ провер(ка|ки|ок)\)$/)
  // WireGuard hardly gets through, VLESS nearly always: the demo's week says so too.
  const percent = async (protocol: string) => Number(/^(\d+)/.exec((await row(protocol, 'МТС (демо)').locator('td').nth(3).textContent()) ?? '')![1])
  expect(await percent('vless')).toBeGreaterThan(80)
  expect(await percent('wireguard')).toBeLessThan(20)
  await expect(page.getByRole('img', { name: /^VLESS: доля работающих ключей по дням, %/ })).toBeVisible()

  await page.goto('/en/status')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Which VPNs work in Russia today')
  await expect(page.getByTestId('status-table').locator('tr[data-protocol="vless"][data-network="МТС (демо)"] td').nth(2)).toHaveText(/^\d{2,3}% \(\d+ checks\)$/)
})
