'use client'
// The gift's refund button: asks first, then POSTs to /api/gifts/:id/refund and shows the answer.
import { ActionAnswer, useStaffAction } from './StaffAction'

export function GiftRefundButton({ giftId, texts }: { giftId: number; texts: { submit: string; confirm: string } }) {
  const { busy, result, send } = useStaffAction(`/api/gifts/${giftId}/refund`)
  return (
    <>
      <button type="button" className="btn btn--style-secondary btn--size-small" disabled={busy} onClick={() => void send({ confirm: true }, texts.confirm)}>
        {texts.submit}
      </button>
      <ActionAnswer result={result} testId="gift-refund-result" />
    </>
  )
}
