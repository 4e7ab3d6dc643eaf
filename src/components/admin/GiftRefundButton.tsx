'use client'
// The gift's refund button: asks first, then POSTs to /api/gifts/:id/refund and shows the answer. Once the gift
// cannot be refunded (`note`: void, redeemed, not paid) only that is said, the answer to the refund staying above
// it: the page re-reads the gift after a refund, and this component stays mounted through it.
import { ActionAnswer, useStaffAction } from './StaffAction'

type Props = { giftId: number; note: string | null; texts: { submit: string; confirm: string } }

export function GiftRefundButton({ giftId, note, texts }: Props) {
  const { busy, result, send } = useStaffAction(`/api/gifts/${giftId}/refund`)
  const answer = <ActionAnswer result={result} testId="gift-refund-result" />
  if (note) {
    return (
      <>
        {answer}
        <p className="field-description">{note}</p>
      </>
    )
  }
  return (
    <>
      <button type="button" className="btn btn--style-secondary btn--size-small" disabled={busy} onClick={() => void send({ confirm: true }, texts.confirm)}>
        {texts.submit}
      </button>
      {answer}
    </>
  )
}
