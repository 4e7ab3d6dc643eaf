// Problems staff were (or are about to be) told about: opened and ended by the incident watch
// (src/lib/alerts/watch.ts), one open incident per problem at a time. Staff read them; nobody writes them by hand.
import type { CollectionConfig } from 'payload'

import { adminLanguage } from '@/lib/admin/adminMessages'
import { INCIDENT_KINDS } from '@/lib/alerts/incidents'
import type { IncidentKind } from '@/lib/alerts/incidents'
import { incidentLine, KIND_LABELS } from '@/lib/alerts/message'
import { staffOnly } from '../access/staffOnly'

const nobody = () => false

export const Incidents: CollectionConfig = {
  slug: 'incidents',
  labels: {
    singular: { ru: 'Оповещение', en: 'Alert' },
    plural: { ru: 'Оповещения', en: 'Alerts' },
  },
  admin: {
    useAsTitle: 'key',
    defaultColumns: ['kind', 'description', 'startedAt', 'endedAt'],
    group: { ru: 'Служебное', en: 'System' },
    description: {
      ru: 'Сбои, о которых сайт сообщает администраторам (и редакторам, которые это включили) по e-mail и в Telegram: одно письмо, когда сбой начался, одно — когда закончился.',
      en: 'Problems the site tells admins (and editors who opted in) about by e-mail and Telegram: one message when a problem starts, one when it is over.',
    },
  },
  defaultSort: '-startedAt',
  access: { read: staffOnly, create: nobody, update: nobody, delete: nobody },
  fields: [
    { name: 'key', label: { ru: 'Ключ сбоя', en: 'Problem key' }, type: 'text', required: true, index: true, admin: { readOnly: true } },
    {
      name: 'kind',
      label: { ru: 'Что случилось', en: 'What happened' },
      type: 'select',
      required: true,
      options: INCIDENT_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })),
      admin: { readOnly: true },
    },
    { name: 'params', type: 'json', required: true, admin: { hidden: true } },
    {
      name: 'description',
      label: { ru: 'Описание', en: 'Description' },
      type: 'text',
      virtual: true,
      admin: { readOnly: true },
      hooks: {
        afterRead: [
          ({ siblingData, req }) =>
            typeof siblingData?.kind === 'string' && siblingData.params && typeof siblingData.params === 'object'
              ? incidentLine({ kind: siblingData.kind as IncidentKind, params: siblingData.params as Record<string, string> }, siblingData.endedAt ? 'end' : 'start', adminLanguage(req))
              : null,
        ],
      },
    },
    { name: 'startedAt', label: { ru: 'Началось', en: 'Started' }, type: 'date', required: true, index: true, admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'announcedAt', label: { ru: 'Сообщено', en: 'Announced' }, type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    // When the problem was last seen gone; its end is announced once it stays gone long enough.
    { name: 'clearSince', type: 'date', admin: { hidden: true } },
    { name: 'endedAt', label: { ru: 'Закончилось', en: 'Over' }, type: 'date', index: true, admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
  ],
}
