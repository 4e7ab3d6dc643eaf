// Editors extend or cancel a subscription by hand in the admin. Only those two changes are allowed
// (a later "active until", or status "cancelled"); each is applied at the payment provider too, so the
// customer is charged accordingly, and recorded in the subscription's history.
import { ValidationError } from 'payload'
import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import { adminDateTime } from '../../../src/lib/admin/adminText'
import { billingProvider, isProviderOf } from '../../../src/lib/billing'
import { isEnded } from '../../../src/lib/billing/lifecycle'
import { revokeAllVipKeys } from '../../../src/lib/vip/deviceKeys'
import type { Subscription } from '../../../src/payload-types'

type EditorChange = { type: 'extended_by_editor' | 'cancelled_by_editor'; note: string }

const MESSAGES = {
  onlyCancel: {
    ru: 'Вручную можно только отменить подписку: выберите статус «Отменена». Остальные статусы ставит оплата (пробный период, активна, просрочен платёж, истекла), чтобы статус всегда совпадал с тем, что списано с покупателя.',
    en: 'By hand a subscription can only be cancelled: choose the status “Cancelled”. The other statuses come from payments (trial, active, past due, expired), so the status always matches what the customer was charged.',
  },
  ended: {
    ru: 'Подписка уже закончилась — её нельзя продлить или отменить. Чтобы снова получить VIP, покупатель оформляет новую подписку на странице тарифов.',
    en: 'The subscription has already ended: it cannot be extended or cancelled. To get VIP again, the customer takes out a new subscription on the plans page.',
  },
  onlyLater: {
    ru: 'Дату «Активна до» можно только перенести на более позднюю, сейчас это {date}: более ранняя отняла бы оплаченное время. Чтобы закрыть доступ сразу, выберите статус «Отменена».',
    en: '“Active until” can only move to a later date; it is now {date}: an earlier one would take away paid time. To end access now, choose the status “Cancelled”.',
  },
  provider: {
    ru: 'Платёжная система не приняла изменение, ничего не изменено. Попробуйте через несколько минут; если повторится — напишите администратору.',
    en: 'The payment provider refused the change; nothing was changed. Try again in a few minutes, and tell an admin if it happens again.',
  },
}

function language(req: PayloadRequest): 'ru' | 'en' {
  return req.i18n?.language === 'en' ? 'en' : 'ru'
}

function refuse(req: PayloadRequest, path: string, key: keyof typeof MESSAGES, vars: Record<string, string> = {}): never {
  const message = Object.entries(vars).reduce((text, [name, value]) => text.replace(`{${name}}`, value), MESSAGES[key][language(req)])
  throw new ValidationError({ collection: 'subscriptions', errors: [{ path, message }], req })
}

export const applyEditorChanges: CollectionBeforeChangeHook<Subscription> = async ({ data, originalDoc, req, operation }) => {
  // The billing code writes without a user; people write through the admin or the REST API.
  if (operation !== 'update' || !req.user || !originalDoc) return data
  const statusChanged = data.status !== undefined && data.status !== originalDoc.status
  const endChanged = Boolean(data.currentPeriodEnd) && data.currentPeriodEnd !== originalDoc.currentPeriodEnd
  if (!statusChanged && !endChanged) return data
  if (isEnded(originalDoc.status)) refuse(req, statusChanged ? 'status' : 'currentPeriodEnd', 'ended')
  if (statusChanged && data.status !== 'cancelled') refuse(req, 'status', 'onlyCancel')
  if (!statusChanged && endChanged && Date.parse(data.currentPeriodEnd!) <= Date.parse(originalDoc.currentPeriodEnd ?? '')) {
    refuse(req, 'currentPeriodEnd', 'onlyLater', { date: originalDoc.currentPeriodEnd ? adminDateTime(originalDoc.currentPeriodEnd, language(req)) : '—' })
  }

  // A subscription the site runs (YooKassa) is this record: the changes below are the whole change.
  const billing = billingProvider()
  const provider = billing && !billing.runsRenewals ? billing : null
  const providerId = originalDoc.provider?.subscriptionId
  // Bought through another provider than the one configured now: a change here would not reach the one charging.
  if (billing && providerId && !isProviderOf(billing, originalDoc)) refuse(req, statusChanged ? 'status' : 'currentPeriodEnd', 'provider')
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
    refuse(req, statusChanged ? 'status' : 'currentPeriodEnd', 'provider')
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
