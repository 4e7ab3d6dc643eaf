// The admin's action buttons as the server sends them: disabled until React has attached their handlers, so a click
// that comes before (an editor on a slow link, or a test right after the page opened) waits instead of being lost.
// The last CI's "rotate now" failure was that click: no request was sent and the button stood idle.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'

vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: () => undefined }) }))
vi.mock('@payloadcms/ui', () => ({
  Button: ({ disabled, children }: { disabled?: boolean; children: unknown }) => createElement('button', { disabled }, children as string),
  useTranslation: () => ({ i18n: { language: 'ru' } }),
  useDocumentInfo: () => ({ id: 1 }),
  useFormFields: () => undefined,
}))

const { RotateNowButton } = await import('@/components/admin/RotateNowButton')
const { DeviceReset } = await import('@/components/admin/DeviceReset')
const { SubscriptionChangeForm } = await import('@/components/admin/SubscriptionChangeForm')
const { useHydrated } = await import('@/components/useHydrated')

const buttons = (html: string) => [...html.matchAll(/<button([^>]*)>/g)].map((match) => match[1]!)

describe('admin action buttons before hydration', () => {
  it('the hook says false in the server’s HTML', () => {
    const Probe = () => createElement('i', null, String(useHydrated()))
    expect(renderToStaticMarkup(createElement(Probe))).toBe('<i>false</i>')
  })

  it('“rotate now”, the device buttons and the subscription’s actions are disabled until then', () => {
    const texts = { none: '', remove: 'x', reset: 'y', confirmReset: '', failed: '' }
    const change = { subscriptionId: 1, suggested: '2026-12-01', earliest: '2026-11-30', latest: '2027-11-30', ended: null, texts: { hint: '', until: '', extend: 'e', cancel: 'c', confirmExtend: '', confirmCancel: '' } }
    for (const html of [
      renderToStaticMarkup(createElement(RotateNowButton)),
      renderToStaticMarkup(createElement(DeviceReset, { userId: 1, devices: [{ id: 1, label: 'phone', seen: '' }], texts })),
      renderToStaticMarkup(createElement(SubscriptionChangeForm, change)),
    ]) {
      const found = buttons(html)
      expect(found.length).toBeGreaterThan(0)
      for (const attributes of found) expect(attributes).toContain('disabled')
    }
  })
})
