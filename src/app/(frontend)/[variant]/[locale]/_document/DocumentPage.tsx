// A CMS page (the privacy policy, user agreement and support documents, and any page editors add) rendered
// from its rich text in the visitor's language.
import { RichText } from '@payloadcms/richtext-lexical/react'
import type { Metadata } from 'next'
import { draftMode, headers } from 'next/headers'
import { getTranslations, setRequestLocale } from 'next-intl/server'

import { notFoundMetadata, notFoundProps, ServerNotFound } from '@/components/errors/ServerNotFound'
import { isLocale } from '@/i18n/locales'
import type { Locale } from '@/i18n/locales'
import { isStaff } from '@collections/access/roles'
import { currentPageUser } from '@/edge/currentUser'
import { getDocument, getDocumentDraft } from '@/lib/data/documents'
import { getSettings } from '@/lib/data/settings'
import { pagePath } from '@/lib/pages/paths'
import { pageMetadata } from '@/lib/seo/alternates'
import { isRobotsMode } from '@/lib/seo/robots'
import type { RobotsMode } from '@/lib/seo/robots'
import { fillRichText } from '@/lib/richtext/placeholders'
import { withSafeLinks } from '@/lib/richtext/safeLinks'
import { lexicalToPlainText } from '@/lib/richtext/plainText'

export type DocumentParams = Promise<{ variant: string; locale: string }>

async function resolve(slug: string, params: DocumentParams) {
  const { variant: robots, locale } = await params
  if (!isLocale(locale) || !isRobotsMode(robots)) return null
  const preview = await isPreview()
  const [document, settings] = await Promise.all([(preview ? getDocumentDraft : getDocument)(slug, locale), getSettings(locale)])
  if (!document) return null
  // Editors write {supportEmail} and {siteName}: the address and the name come from the site settings.
  // Only http, https, mailto and site links are rendered as links, whatever is stored.
  const content = withSafeLinks(fillRichText(document.content, { siteName: settings.siteName, supportEmail: settings.supportEmail }))
  return { robots: robots as RobotsMode, locale: locale as Locale, document: { ...document, content }, preview }
}

/** An editor previewing drafts (the admin's Preview button turned on Next's draft mode for them). */
async function isPreview(): Promise<boolean> {
  if (!(await draftMode()).isEnabled) return false
  return isStaff(await currentPageUser(await headers()))
}

export async function documentMetadata(slug: string, params: DocumentParams): Promise<Metadata> {
  const resolved = await resolve(slug, params)
  if (!resolved) return notFoundMetadata((await params).locale)
  const { document } = resolved
  // What editors wrote for search engines, else the title and the start of the text.
  const description = document.seo?.description || lexicalToPlainText(document.content).replace(/\s+/g, ' ').slice(0, 160)
  return pageMetadata({ pathname: pagePath(slug), locale: resolved.locale, robots: resolved.robots, title: document.seo?.title || document.title, description })
}

export async function DocumentPage({ slug, params }: { slug: string; params: DocumentParams }) {
  const resolved = await resolve(slug, params)
  if (!resolved) return <ServerNotFound {...notFoundProps(await params)} />
  setRequestLocale(resolved.locale)
  const t = await getTranslations({ locale: resolved.locale, namespace: 'Document' })
  const { document, locale, preview } = resolved
  return (
    <article className="narrow document">
      {preview ? (
        <p className="banner" role="status" data-testid="preview-banner">
          {t('preview')} <a href={`/api/preview?exit=1&slug=${slug}&locale=${locale}`}>{t('exitPreview')}</a>
        </p>
      ) : null}
      <h1>{document.title}</h1>
      <RichText data={document.content} />
      <p className="document__updated">
        {t('updated', { date: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(document.updatedAt)) })}
      </p>
    </article>
  )
}
