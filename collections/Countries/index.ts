// Countries by ISO 3166-1 alpha-2 code, with names in every site language.
import type { CollectionConfig } from 'payload'

import { anyone } from '../access/anyone'
import { staffOnly } from '../access/staffOnly'
import { revalidatePublicData } from '../hooks/revalidatePublicData'

export const Countries: CollectionConfig = {
  slug: 'countries',
  labels: {
    singular: { ru: 'Страна', en: 'Country' },
    plural: { ru: 'Страны', en: 'Countries' },
  },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'code'],
    listSearchableFields: ['code', 'name'],
    group: { ru: 'Ключи', en: 'Keys' },
  },
  defaultSort: 'code',
  access: {
    read: anyone,
    create: staffOnly,
    update: staffOnly,
    delete: staffOnly,
  },
  hooks: {
    afterChange: [revalidatePublicData],
    afterDelete: [revalidatePublicData],
  },
  fields: [
    {
      name: 'code',
      label: { ru: 'Код (ISO 3166-1)', en: 'Code (ISO 3166-1)' },
      type: 'text',
      required: true,
      unique: true,
      index: true,
      admin: { description: { ru: 'Две латинские буквы, например de', en: 'Two Latin letters, e.g. de' } },
      hooks: { beforeValidate: [({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)] },
      validate: (value: unknown) =>
        typeof value === 'string' && /^[a-z]{2}$/.test(value) ? true : 'Two letters, e.g. de / Две буквы, например de',
    },
    {
      name: 'name',
      label: { ru: 'Название', en: 'Name' },
      type: 'text',
      required: true,
      localized: true,
    },
  ],
}
