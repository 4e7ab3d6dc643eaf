// /fail-payment: where the payment page sends the buyer back.
import type { Metadata } from 'next'

import { PaymentResult, paymentResultMetadata } from '@/components/billing/PaymentResult'
import type { ResultParams } from '@/components/billing/PaymentResult'

export const revalidate = 3600

export function generateStaticParams(): never[] {
  return []
}

export function generateMetadata({ params }: { params: ResultParams }): Promise<Metadata> {
  return paymentResultMetadata('fail', params)
}

export default function Page({ params }: { params: ResultParams }) {
  return <PaymentResult kind="fail" params={params} />
}
