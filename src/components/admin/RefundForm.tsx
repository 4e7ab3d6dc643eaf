'use client'
// The refund form on a subscription's page: a payment, an amount (all that is left by default), a confirmation,
// then the answer in place; the page re-reads the history and the payments after a refund. It stays on the page
// when nothing is left to refund, so the answer to the last refund is still there after the page re-reads.
import { Button } from '@payloadcms/ui'
import { useState } from 'react'

import { ActionAnswer, useStaffAction } from './StaffAction'

/** `whole`: refunded whole or not at all (Telegram Stars): no amount to type. */
type Payment = { reference: string; label: string; remaining: string; remainingText: string; whole: boolean }
type Texts = { hint: string; wholeHint: string; payment: string; amount: string; submit: string; confirm: string; none: string }

export function RefundForm({ subscriptionId, payments, texts }: { subscriptionId: number; payments: Payment[]; texts: Texts }) {
  const [reference, setReference] = useState(payments[0]?.reference ?? '')
  const chosen = payments.find((payment) => payment.reference === reference) ?? payments[0]
  const [amount, setAmount] = useState(chosen?.remaining ?? '')
  const { busy, result, send } = useStaffAction(`/api/subscriptions/${subscriptionId}/refund`)
  const submit = () => send({ payment: reference, amount }, texts.confirm.replace('{amount}', chosen?.whole ? chosen.remainingText : `${amount} ₽`))

  const answer = <ActionAnswer result={result} testId="refund-result" />
  if (!chosen) {
    return (
      <div>
        {answer}
        <p>{texts.none}</p>
      </div>
    )
  }
  return (
    <div>
      <p className="field-description">{chosen.whole ? texts.wholeHint : texts.hint}</p>
      <label className="field-label" htmlFor="refund-payment">
        {texts.payment}
      </label>
      <select
        id="refund-payment"
        value={reference}
        onChange={(event) => {
          setReference(event.target.value)
          setAmount(payments.find((payment) => payment.reference === event.target.value)?.remaining ?? '')
        }}
      >
        {payments.map((payment) => (
          <option key={payment.reference} value={payment.reference}>
            {payment.label}
          </option>
        ))}
      </select>
      {chosen.whole ? null : (
        <>
          <label className="field-label" htmlFor="refund-amount">
            {texts.amount}
          </label>
          <input id="refund-amount" type="text" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
        </>
      )}
      <Button buttonStyle="secondary" disabled={busy} onClick={() => void submit()}>
        {texts.submit}
      </Button>
      {answer}
    </div>
  )
}
