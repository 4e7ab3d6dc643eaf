// A provider-run subscription's event (Stripe's webhook): a gift's payment or refund goes to the gift (src/lib/gift),
// anything else to the subscription's record. Here rather than in subscriptionRecord.ts, which gifts write through:
// the record never imports the gift module back.
import type { Payload } from 'payload'

import { giftPaid, giftRefunded } from '@/lib/gift'

import type { BillingEvent, ProviderRunBilling } from './provider'
import { syncSubscription } from '../record/subscriptionRecord'
import type { ApplyResult } from '../record/subscriptionRecord'

export async function applyBillingEvent(payload: Payload, provider: ProviderRunBilling, event: BillingEvent): Promise<ApplyResult> {
  // A gift's payment or refund: no subscription of its own; applied once by the gift's own state.
  if (event.gift) {
    const done = event.gift.kind === 'paid' ? await giftPaid(payload, event.gift) : await giftRefunded(payload, event.gift.payment)
    return done === 'paid' || done === 'void' ? 'applied' : 'ignored'
  }
  return syncSubscription(payload, provider, event.subscriptionId, event)
}
