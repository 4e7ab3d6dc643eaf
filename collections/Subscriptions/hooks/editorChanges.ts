// Editors extend or cancel a subscription by hand in the admin. Only those two changes are allowed
// (a later "active until", or status "cancelled"); each is applied at the payment provider too, so the
// customer is charged accordingly, and recorded in the subscription's history.
import { ValidationError } from 'payload'
import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import { adminLanguage, adminT } from '@/lib/admin/adminMessages'
import { adminDateTime } from '@/lib/admin/adminText'
import { billingProvider, isProviderOf } from '@/lib/billing'
import { isEnded } from '@/lib/billing/lifecycle'
import { revokeAllVipKeys } from '@/lib/vip/deviceKeys'
import type { Subscription } from '@/payload-types'

type EditorChange = { type: 'extended_by_editor' | 'cancelled_by_editor'; note: string }

type Refusal = 'subscriptionOnlyCancel' | 'subscriptionEnded' | 'subscriptionOnlyLater' | 'subscriptionProvider'

function refuse(req: PayloadRequest, path: string, key: Refusal, vars: { date?: string } = {}): never {
  throw new ValidationError({ collection: 'subscriptions', errors: [{ path, message: adminT(req)(key, vars) }], req })
}

export const applyEditorChanges: CollectionBeforeChangeHook<Subscription> = async ({ data, originalDoc, req, operation }) => {
  // The billing code writes without a user; people write through the admin or the REST API.
  if (operation !== 'update' || !req.user || !originalDoc) return data
  const statusChanged = data.status !== undefined && data.status !== originalDoc.status
  const endChanged = Boolean(data.currentPeriodEnd) && data.currentPeriodEnd !== originalDoc.currentPeriodEnd
  if (!statusChanged && !endChanged) return data
  if (isEnded(originalDoc.status)) refuse(req, statusChanged ? 'status' : 'currentPeriodEnd', 'subscriptionEnded')
  if (statusChanged && data.status !== 'cancelled') refuse(req, 'status', 'subscriptionOnlyCancel')
  if (!statusChanged && endChanged && Date.parse(data.currentPeriodEnd!) <= Date.parse(originalDoc.currentPeriodEnd ?? '')) {
    refuse(req, 'currentPeriodEnd', 'subscriptionOnlyLater', { date: originalDoc.currentPeriodEnd ? adminDateTime(originalDoc.currentPeriodEnd, adminLanguage(req)) : '—' })
  }

  // A subscription the site runs (YooKassa) is this record: the changes below are the whole change.
  const billing = billingProvider()
  const provider = billing && !billing.runsRenewals ? billing : null
  const providerId = originalDoc.provider?.subscriptionId
  // Bought through another provider than the one configured now: a change here would not reach the one charging.
  if (billing && providerId && !isProviderOf(billing, originalDoc)) refuse(req, statusChanged ? 'status' : 'currentPeriodEnd', 'subscriptionProvider')
  const by = req.user.email
  let change: EditorChange
  try {
    if (statusChanged) {
      if (provider && providerId) await provider.cancelNow(providerId, `editor-cancel-${originalDoc.id}`)
      Object.assign(data, { nextPaymentAt: null, currentPeriodEnd: new Date().toISOString() })
      change = { type: 'cancelled_by_editor', note: by }
    } else {
      const until = new Date(data.currentPeriodEnd!)
      if (provider && providerId) await provider.extendTo(providerId, until, `editor-extend-${originalDoc.id}-${until.getTime()}`)
      data.nextPaymentAt = originalDoc.cancelAtPeriodEnd ? null : until.toISOString()
      // Free time restarts the renewal's attempts: the next charge is for the period from the new date.
      if (originalDoc.renewal) data.renewal = { ...originalDoc.renewal, ...data.renewal, failedCharges: 0 }
      change = { type: 'extended_by_editor', note: `${by}: ${originalDoc.currentPeriodEnd ?? '—'} → ${until.toISOString()}` }
    }
  } catch (error) {
    req.payload.logger.error({ err: error, msg: `Editor change of subscription ${originalDoc.id} refused by the provider` })
    refuse(req, statusChanged ? 'status' : 'currentPeriodEnd', 'subscriptionProvider')
  }
  req.context.editorChange = change
  return data
}

export const recordEditorChanges: CollectionAfterChangeHook<Subscription> = async ({ doc, req }) => {
  const change = req.context.editorChange as EditorChange | undefined
  if (!change) return doc
  delete req.context.editorChange
  const userId = typeof doc.user === 'object' && doc.user ? doc.user.id : doc.user
  await req.payload.create({
    collection: 'subscription-events',
    data: { subscription: doc.id, user: userId ?? null, type: change.type, note: change.note, occurredAt: new Date().toISOString() },
    depth: 0,
    req,
  })
  if (change.type === 'cancelled_by_editor' && userId) await revokeAllVipKeys(req.payload, userId, { req })
  return doc
}
