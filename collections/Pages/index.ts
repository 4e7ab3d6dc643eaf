// Document pages (privacy policy, user agreement, support) edited as rich text in both languages.
import type { CollectionConfig } from 'payload'

import { staffOnly } from '../access/staffOnly'
import { editedByField } from '../fields/editedBy'
import { staffOrPublished } from '../access/staffOrPublished'
import { revalidatePublicData } from '../hooks/revalidatePublicData'

export const PAGE_SLUGS = ['privacy', 'user-agreement', 'support'] as const

export const Pages: CollectionConfig = {
  slug: 'pages',
  labels: {
    singular: { ru: 'Страница', en: 'Page' },
    plural: { ru: 'Страницы', en: 'Pages' },
  },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'slug', '_status', 'updatedAt', 'editedBy'],
    group: { ru: 'Сайт', en: 'Site' },
    // "Preview" opens the page with its drafts, for staff (src/app/api/preview).
    preview: (doc, { locale }) => (typeof doc.slug === 'string' ? `/api/preview?slug=${encodeURIComponent(doc.slug)}&locale=${locale}` : null),
  },
  // Publishing is per language (see localization in payload.config.ts) and can be scheduled.
  versions: { drafts: { schedulePublish: { timeFormat: 'HH:mm' } }, maxPerDoc: 20 },
  access: {
    read: staffOrPublished,
    // Versions hold drafts: never for visitors or customers.
    readVersions: staffOnly,
    create: staffOnly,
    update: staffOnly,
    delete: staffOnly,
  },
  hooks: {
    afterChange: [revalidatePublicData],
    afterDelete: [revalidatePublicData],
  },
  fields: [
    { name: 'title', label: { ru: 'Заголовок', en: 'Title' }, type: 'text', required: true, localized: true },
    {
      name: 'slug',
      label: { ru: 'Адрес', en: 'Slug' },
      type: 'select',
      required: true,
      unique: true,
      options: PAGE_SLUGS.map((value) => ({ value, label: `/${value}` })),
      admin: { position: 'sidebar' },
    },
    {
      name: 'content',
      label: { ru: 'Текст', en: 'Content' },
      type: 'richText',
      required: true,
      localized: true,
      admin: {
        description: {
          ru: '{supportEmail} и {siteName} в тексте заменяются адресом поддержки (ссылкой) и названием сайта из настроек сайта',
          en: '{supportEmail} and {siteName} in the text become the support address (a link) and the site name from the site settings',
        },
      },
    },
    editedByField,
  ],
}
