// The devices a subscriber's apps poll the subscription URL from, each known by the HWID the app sends
// (src/lib/feeds/devices.ts records them): listed on My servers, where the owner removes one to free
// its place, and on the subscription's admin page. Nobody creates or edits them by hand.
import type { CollectionConfig } from 'payload'

import { staffOrOwner } from '../access/staffOrOwner'

const nobody = () => false

export const Devices: CollectionConfig = {
  slug: 'devices',
  labels: {
    singular: { ru: 'Устройство', en: 'Device' },
    plural: { ru: 'Устройства', en: 'Devices' },
  },
  admin: {
    useAsTitle: 'model',
    defaultColumns: ['model', 'os', 'user', 'createdAt', 'lastSeenAt'],
    group: { ru: 'VIP', en: 'VIP' },
  },
  defaultSort: '-lastSeenAt',
  access: {
    read: staffOrOwner,
    create: nobody,
    update: nobody,
    delete: staffOrOwner,
  },
  // One row per app install of a subscriber: the app's HWID is unique within its owner.
  indexes: [{ fields: ['user', 'hwid'], unique: true }],
  fields: [
    { name: 'user', label: { ru: 'Пользователь', en: 'User' }, type: 'relationship', relationTo: 'users', required: true, index: true, admin: { readOnly: true, allowCreate: false } },
    { name: 'hwid', label: { ru: 'Идентификатор устройства (HWID)', en: 'Device ID (HWID)' }, type: 'text', required: true, admin: { readOnly: true } },
    { name: 'model', label: { ru: 'Модель', en: 'Model' }, type: 'text', admin: { readOnly: true } },
    { name: 'os', label: { ru: 'Система', en: 'OS' }, type: 'text', admin: { readOnly: true } },
    { name: 'osVersion', label: { ru: 'Версия системы', en: 'OS version' }, type: 'text', admin: { readOnly: true } },
    { name: 'userAgent', label: { ru: 'Приложение', en: 'App' }, type: 'text', admin: { readOnly: true } },
    { name: 'lastSeenAt', label: { ru: 'Последний запрос', en: 'Last seen' }, type: 'date', required: true, index: true, admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
  ],
}
