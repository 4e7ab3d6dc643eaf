// On a subscription's page in the admin: the owner's devices counted by their apps' HWID (model, system, app,
// first and last seen), each removable, and "Reset devices" for all of them; a removed device's place is free at
// once. Removal goes through Payload's REST API, which checks staff access and refuses cross-site requests.
import type { FieldServerComponent } from 'payload'

import { isStaff } from '../../../collections/access/roles'
import { adminTranslator } from '@/lib/admin/adminMessages'
import { adminDateTime } from '@/lib/admin/adminText'
import { deviceLimitOf } from '@/lib/feeds/ownDevices'

import { DeviceReset } from './DeviceReset'

export const SubscriptionDevices: FieldServerComponent = async ({ id, payload, i18n, req }) => {
  if (typeof id !== 'number' || !isStaff(req.user)) return null
  const language = i18n.language === 'en' ? 'en' : 'ru'
  const t = adminTranslator(language)
  const subscription = await payload.findByID({ collection: 'subscriptions', id, depth: 0, disableErrors: true })
  const userId = typeof subscription?.user === 'number' ? subscription.user : subscription?.user?.id
  if (!subscription || userId === undefined) return null
  const [{ docs }, limit] = await Promise.all([
    payload.find({ collection: 'devices', where: { user: { equals: userId } }, sort: 'createdAt', pagination: false, depth: 0 }),
    deviceLimitOf(payload, subscription),
  ])
  const devices = docs.map((device) => ({
    id: device.id,
    label: [device.model ?? t('devices.unknown'), [device.os, device.osVersion].filter(Boolean).join(' '), device.userAgent].filter(Boolean).join(' · '),
    seen: t('devices.seen', { first: adminDateTime(device.createdAt, language), last: adminDateTime(device.lastSeenAt, language) }),
  }))
  return (
    <div className="field-type subscription-devices" data-testid="subscription-devices">
      <h4>{t('devices.title', { count: devices.length, max: limit })}</h4>
      <p className="field-description">{t('devices.hint')}</p>
      <DeviceReset
        userId={userId}
        devices={devices}
        texts={{ none: t('devices.none'), remove: t('devices.remove'), reset: t('devices.reset'), confirmReset: t('devices.confirmReset'), failed: t('devices.failed') }}
      />
    </div>
  )
}
