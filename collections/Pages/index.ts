// Pages edited as rich text in both languages: the three documents the site links to everywhere (privacy
// policy, user agreement, support) and any page editors add, with its address, search-engine title and
// description, and a place in the footer.
import { APIError, ValidationError } from 'payload'
import type { CollectionBeforeChangeHook, CollectionBeforeDeleteHook, CollectionConfig, FieldHook, TextFieldSingleValidation } from 'payload'

import { adminT } from '@/lib/admin/adminMessages'
import { FOOTER_PLACES, isFixedPage, PAGE_SLUG, PAGE_SLUG_MAX_LENGTH } from '@/lib/pages/paths'
import type { LexicalLike } from '@/lib/richtext/plainText'
import { unsafeLinks } from '@/lib/richtext/safeLinks'
import { staffOnly } from '../access/staffOnly'
import { staffOrPublished } from '../access/staffOrPublished'
import { editedByField } from '../fields/editedBy'
import { revalidatePublicData } from '../hooks/revalidatePublicData'

const validateSlug: TextFieldSingleValidation = async (value, { req, id }) => {
  const t = adminT(req)
  if (typeof value !== 'string' || !PAGE_SLUG.test(value) || value.length > PAGE_SLUG_MAX_LENGTH) return t('pages.slugFormat', { max: PAGE_SLUG_MAX_LENGTH })
  // Said in words before the database's unique index would answer with a bare error.
  const taken = await req.payload.count({ collection: 'pages', where: { and: [{ slug: { equals: value } }, ...(id ? [{ id: { not_equals: id } }] : [])] }, req })
  return taken.totalDocs === 0 || t('pages.slugTaken', { slug: value })
}

/** A link that would run script (javascript:, data:, vbscript:) is refused with the reason, under the field. */
const refuseUnsafeLinks: FieldHook = ({ value, req, path }) => {
  const [unsafe] = unsafeLinks(value as LexicalLike | null | undefined)
  if (unsafe === undefined) return value
  throw new ValidationError({ collection: 'pages', errors: [{ path: path.join('.'), message: adminT(req)('pages.unsafeLink', { url: unsafe.slice(0, 80) }) }], req })
}

/** The fixed documents keep their addresses: the footer, forms and e-mails link to them. */
const keepFixedSlug: CollectionBeforeChangeHook = ({ data, originalDoc, req }) => {
  if (isFixedPage(originalDoc?.slug) && data.slug !== undefined && data.slug !== originalDoc.slug) {
    throw new APIError(adminT(req)('pages.fixedSlug', { slug: originalDoc.slug }), 400, undefined, true)
  }
  return data
}

const keepFixedPages: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const page = await req.payload.findByID({ collection: 'pages', id, depth: 0, draft: true, select: { slug: true }, req, disableErrors: true })
  if (isFixedPage(page?.slug)) throw new APIError(adminT(req)('pages.fixedDelete', { slug: page.slug }), 409, undefined, true)
}

export const Pages: CollectionConfig = {
  slug: 'pages',
  labels: {
    singular: { ru: 'Страница', en: 'Page' },
    plural: { ru: 'Страницы', en: 'Pages' },
  },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'slug', 'footer', '_status', 'updatedAt', 'editedBy'],
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
    beforeChange: [keepFixedSlug],
    beforeDelete: [keepFixedPages],
    afterChange: [revalidatePublicData],
    afterDelete: [revalidatePublicData],
  },
  fields: [
    { name: 'title', label: { ru: 'Заголовок', en: 'Title' }, type: 'text', required: true, localized: true },
    {
      name: 'slug',
      label: { ru: 'Адрес', en: 'Address' },
      type: 'text',
      required: true,
      unique: true,
      validate: validateSlug,
      admin: {
        position: 'sidebar',
        description: {
          ru: 'Страница откроется по адресу /pages/<адрес> (и /en/pages/<адрес> на английском). Латиница, цифры и дефисы.',
          en: 'The page opens at /pages/<address> (and /en/pages/<address> in English). Latin letters, digits and hyphens.',
        },
      },
    },
    {
      name: 'footer',
      label: { ru: 'Ссылка в подвале сайта', en: 'Link in the footer' },
      type: 'select',
      required: true,
      defaultValue: 'none',
      options: FOOTER_PLACES.map((value) => ({
        value,
        label: { none: { ru: 'Нет', en: 'None' }, navigation: { ru: 'В разделе «Навигация»', en: 'Under “Navigation”' }, documents: { ru: 'В разделе «Документы»', en: 'Under “Documents”' } }[value],
      })),
      admin: {
        position: 'sidebar',
        // The fixed documents have their own footer links.
        condition: (data) => !isFixedPage(data?.slug),
      },
    },
    {
      name: 'footerOrder',
      label: { ru: 'Порядок в подвале', en: 'Order in the footer' },
      type: 'number',
      defaultValue: 0,
      admin: { position: 'sidebar', condition: (data) => !isFixedPage(data?.slug) && (data?.footer === 'navigation' || data?.footer === 'documents') },
    },
    {
      name: 'content',
      label: { ru: 'Текст', en: 'Content' },
      type: 'richText',
      required: true,
      localized: true,
      hooks: { beforeChange: [refuseUnsafeLinks] },
      admin: {
        description: {
          ru: '{supportEmail} и {siteName} в тексте заменяются адресом поддержки (ссылкой) и названием сайта из настроек сайта',
          en: '{supportEmail} and {siteName} in the text become the support address (a link) and the site name from the site settings',
        },
      },
    },
    {
      name: 'seo',
      label: { ru: 'Для поисковиков', en: 'For search engines' },
      type: 'group',
      fields: [
        {
          name: 'title',
          label: { ru: 'Заголовок в поиске', en: 'Search title' },
          type: 'text',
          localized: true,
          maxLength: 70,
          admin: { description: { ru: 'Пусто — заголовок страницы', en: 'Empty: the page title' } },
        },
        {
          name: 'description',
          label: { ru: 'Описание в поиске', en: 'Search description' },
          type: 'textarea',
          localized: true,
          maxLength: 160,
          admin: { description: { ru: 'До 160 знаков. Пусто — начало текста страницы', en: 'Up to 160 characters. Empty: the start of the page text' } },
        },
      ],
    },
    editedByField,
  ],
}
