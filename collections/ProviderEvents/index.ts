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
    { name: 'provider', label: { ru: 'Платёжная система', en: 'Provider' }, type: 'text', required: true },
    { name: 'eventId', label: { ru: 'ID события', en: 'Event id' }, type: 'text', required: true, unique: true },
    { name: 'type', label: { ru: 'Тип события', en: 'Event type' }, type: 'text', required: true },
    { name: 'processedAt', label: { ru: 'Обработано', en: 'Processed at' }, type: 'date', required: true },
  ],
}
