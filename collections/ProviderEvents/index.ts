// Webhook events already applied, so a replayed event changes nothing.
import type { CollectionConfig } from 'payload'

import { adminOnly } from '../access/adminOnly'
import { isAdminUser } from '../access/roles'

export const ProviderEvents: CollectionConfig = {
  slug: 'provider-events',
  labels: {
    singular: { ru: 'Событие платёжной системы', en: 'Payment provider event' },
    plural: { ru: 'События платёжной системы', en: 'Payment provider events' },
  },
  admin: {
    useAsTitle: 'eventId',
    defaultColumns: ['eventId', 'type', 'processedAt'],
    group: { ru: 'Служебное', en: 'System' },
    hidden: ({ user }) => !isAdminUser(user),
  },
  access: { read: adminOnly, create: adminOnly, update: adminOnly, delete: adminOnly },
  fields: [
    { name: 'provider', type: 'text', required: true },
    { name: 'eventId', type: 'text', required: true, unique: true },
    { name: 'type', type: 'text', required: true },
    { name: 'processedAt', type: 'date', required: true },
  ],
}
