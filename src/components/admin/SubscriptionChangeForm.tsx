'use client'
// The extend-or-cancel form on a subscription's page: a date and "Extend for free", or "Cancel subscription", each
// confirmed; the answer shows in place and the page re-reads the subscription and its history after a change. Once
// the subscription has ended only that is said, the answer to the cancellation staying above it.
import { Button } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

type Texts = { hint: string; until: string; extend: string; cancel: string; confirmExtend: string; confirmCancel: string }

type Props = { subscriptionId: number; suggested: string; earliest: string; ended: string | null; texts: Texts }

export function SubscriptionChangeForm({ subscriptionId, suggested, earliest, ended, texts }: Props) {
  const router = useRouter()
  const [date, setDate] = useState(suggested)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)
  const [busy, setBusy] = useState(false)

  async function send(body: { action: 'extend'; date: string } | { action: 'cancel' }) {
    const question = body.action === 'extend' ? texts.confirmExtend.replace('{date}', date.split('-').reverse().join('.')) : texts.confirmCancel
    if (!window.confirm(question)) return
    setBusy(true)
    setResult(null)
    try {
      const response = await fetch(`/api/subscriptions/${subscriptionId}/change`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      const json = (await response.json().catch(() => ({}))) as { ok?: boolean; message?: string; error?: string }
      setResult({ ok: Boolean(json.ok), text: (json.ok ? json.message : json.error) ?? response.statusText })
      if (json.ok) router.refresh()
    } finally {
      setBusy(false)
    }
  }

  const answer = result ? (
    <p role={result.ok ? 'status' : 'alert'} data-testid="subscription-change-result" className={result.ok ? undefined : 'field-error'}>
      {result.text}
    </p>
  ) : null
  if (ended) {
    return (
      <div>
        {answer}
        <p>{ended}</p>
      </div>
    )
  }
  return (
    <div>
      <p className="field-description">{texts.hint}</p>
      <label className="field-label" htmlFor="subscription-until">
        {texts.until}
      </label>
      <input id="subscription-until" type="date" min={earliest} value={date} onChange={(event) => setDate(event.target.value)} />
      <Button buttonStyle="secondary" disabled={busy} onClick={() => void send({ action: 'extend', date })}>
        {texts.extend}
      </Button>
      <Button buttonStyle="error" disabled={busy} onClick={() => void send({ action: 'cancel' })}>
        {texts.cancel}
      </Button>
      {answer}
    </div>
  )
}
