'use client'
// The extend-or-cancel form on a subscription's page: a date and "Extend for free", or "Cancel subscription", each
// confirmed; the answer shows in place and the page re-reads the subscription and its history after a change. Once
// the subscription has ended only that is said, the answer to the cancellation staying above it.
import { Button } from '@payloadcms/ui'
import { useState } from 'react'

import { ActionAnswer, useStaffAction } from './StaffAction'

type Texts = { hint: string; until: string; extend: string; cancel: string; confirmExtend: string; confirmCancel: string }

type Props = { subscriptionId: number; suggested: string; earliest: string; latest: string; ended: string | null; texts: Texts }

export function SubscriptionChangeForm({ subscriptionId, suggested, earliest, latest, ended, texts }: Props) {
  const [date, setDate] = useState(suggested)
  const { busy, result, send } = useStaffAction(`/api/subscriptions/${subscriptionId}/change`)
  const extend = () => send({ action: 'extend', date }, texts.confirmExtend.replace('{date}', date.split('-').reverse().join('.')))
  const cancel = () => send({ action: 'cancel' }, texts.confirmCancel)

  const answer = <ActionAnswer result={result} testId="subscription-change-result" />
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
      <input id="subscription-until" type="date" min={earliest} max={latest} value={date} onChange={(event) => setDate(event.target.value)} />
      <Button buttonStyle="secondary" disabled={busy} onClick={() => void extend()}>
        {texts.extend}
      </Button>
      <Button buttonStyle="error" disabled={busy} onClick={() => void cancel()}>
        {texts.cancel}
      </Button>
      {answer}
    </div>
  )
}
