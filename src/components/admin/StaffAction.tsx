'use client'
// What the admin's action forms share (refunds, extend or cancel): a confirmed JSON POST to the subscription's
// endpoint, its answer shown in place, and the page re-read after a change.
import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { useHydrated } from '@/components/useHydrated'

export type ActionResult = { ok: boolean; text: string }

/** `send(body, question)`: asks `question` first, then POSTs `body` to `url`; `result` is the endpoint's answer. */
export function useStaffAction(url: string) {
  const router = useRouter()
  const [result, setResult] = useState<ActionResult | null>(null)
  const [sending, setBusy] = useState(false)
  // Until the page is hydrated a click would do nothing: the buttons wait as if busy.
  const hydrated = useHydrated()
  const busy = sending || !hydrated

  async function send(body: unknown, question: string) {
    if (!window.confirm(question)) return
    setBusy(true)
    setResult(null)
    try {
      const response = await fetch(url, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      const json = (await response.json().catch(() => ({}))) as { ok?: boolean; message?: string; error?: string }
      setResult({ ok: Boolean(json.ok), text: (json.ok ? json.message : json.error) ?? response.statusText })
      if (json.ok) router.refresh()
    } finally {
      setBusy(false)
    }
  }

  return { busy, result, send }
}

export function ActionAnswer({ result, testId }: { result: ActionResult | null; testId: string }) {
  if (!result) return null
  return (
    <p role={result.ok ? 'status' : 'alert'} data-testid={testId} className={result.ok ? undefined : 'field-error'}>
      {result.text}
    </p>
  )
}
