// /success-payment: where the payment page sends the buyer back.
import type { Metadata } from 'next'

import { PaymentResult, paymentResultMetadata } from '@/components/billing/PaymentResult'
import type { ResultParams, ResultQuery } from '@/components/billing/PaymentResult'

// It states the terms of the plan in its address (?plan=&trial=), with today's dates: rendered for each request.
export const dynamic = 'force-dynamic'

export function generateMetadata({ params }: { params: ResultParams }): Promise<Metadata> {
  return paymentResultMetadata('success', params)
}

export default function Page({ params, searchParams }: { params: ResultParams; searchParams: ResultQuery }) {
  return <PaymentResult kind="success" params={params} searchParams={searchParams} />
}
