// The devices a subscriber's apps poll from (counted by src/lib/feeds/devices.ts), as My servers lists
// them and removes one: through the subscriber's own access, so nobody reaches another's devices.
import type { Payload } from 'payload'

import { DEFAULT_DEVICE_LIMIT } from '@/lib/feeds/devices'
import type { Device, Subscription, User } from '@/payload-types'

export type DeviceRow = Pick<Device, 'id' | 'model' | 'os' | 'osVersion' | 'userAgent' | 'createdAt' | 'lastSeenAt'>

export async function ownDevices(payload: Payload, user: User): Promise<DeviceRow[]> {
  const { docs } = await payload.find({
    collection: 'devices',
    where: { user: { equals: user.id } },
    sort: 'createdAt',
    pagination: false,
    depth: 0,
    user,
    overrideAccess: false,
    select: { model: true, os: true, osVersion: true, userAgent: true, createdAt: true, lastSeenAt: true },
  })
  return docs
}

/** Frees the device's place at once: its app's next poll counts it again, if a place is free. */
export async function removeOwnDevice(payload: Payload, user: User, id: number): Promise<boolean> {
  const { docs } = await payload.delete({ collection: 'devices', where: { and: [{ id: { equals: id } }, { user: { equals: user.id } }] }, depth: 0, user, overrideAccess: false })
  return docs.length > 0
}

/** How many devices the subscription's plan allows (read whole: a plan no longer on sale still counts). */
export async function deviceLimitOf(payload: Payload, subscription: Pick<Subscription, 'tariff'>): Promise<number> {
  const tariff = typeof subscription.tariff === 'number' ? await payload.findByID({ collection: 'tariffs', id: subscription.tariff, depth: 0, disableErrors: true }) : subscription.tariff
  return tariff?.deviceLimit ?? DEFAULT_DEVICE_LIMIT
}
