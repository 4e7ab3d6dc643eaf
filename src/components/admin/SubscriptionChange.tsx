// On a subscription's page in the admin: extend it for free to a later date, or cancel it now
// (src/lib/billing/record/editorChange.ts does the change; the form posts to /api/subscriptions/:id/change).
import type { FieldServerComponent } from 'payload'

import { isStaff } from '../../../collections/access/roles'
import { adminTranslator } from '@/lib/admin/adminMessages'
import { MAX_EXTENSION_MS } from '@/lib/billing/record/editorChange'
import { isEnded } from '@/lib/billing/rules/lifecycle'
import { moscowWallClock } from '@/lib/time/moscow'

import { SubscriptionChangeForm } from './SubscriptionChangeForm'

const DAY_MS = 86_400_000

/** The Moscow date `days` after `iso` (or after now), as the date input takes it. */
function moscowDate(iso: string | null | undefined, days: number): string {
  const from = iso ? Date.parse(iso) : Date.now()
  return moscowWallClock(new Date(Math.max(from, Date.now()) + days * DAY_MS)).toISOString().slice(0, 10)
}

export const SubscriptionChange: FieldServerComponent = async ({ id, payload, i18n, req }) => {
  if (typeof id !== 'number' || !isStaff(req.user)) return null
  const t = adminTranslator(i18n.language === 'en' ? 'en' : 'ru')
  const subscription = await payload.findByID({ collection: 'subscriptions', id, depth: 0, disableErrors: true, select: { status: true, currentPeriodEnd: true } })
  if (!subscription) return null
  const latest = moscowDate(null, MAX_EXTENSION_MS / DAY_MS)
  const suggested = moscowDate(subscription.currentPeriodEnd, 30)
  return (
    <div className="field-type subscription-change" data-testid="subscription-change">
      <h4>{t('subscriptionChange.title')}</h4>
      <SubscriptionChangeForm
        subscriptionId={id}
        suggested={suggested < latest ? suggested : latest}
        earliest={moscowDate(subscription.currentPeriodEnd, 1)}
        latest={latest}
        ended={isEnded(subscription.status) ? t('subscriptionChange.ended') : null}
        texts={{
          hint: t('subscriptionChange.hint'),
          until: t('subscriptionChange.until'),
          extend: t('subscriptionChange.extend'),
          cancel: t('subscriptionChange.cancel'),
          confirmExtend: t('subscriptionChange.confirmExtend', { date: '{date}' }),
          confirmCancel: t('subscriptionChange.confirmCancel'),
        }}
      />
    </div>
  )
}
