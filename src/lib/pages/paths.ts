// Where a CMS page lives on the site: the three documents the site links to everywhere keep their own
// addresses (/privacy, /user-agreement, /support); every page an editor adds is at /pages/<slug>.
export const FIXED_PAGES = ['privacy', 'user-agreement', 'support'] as const

export type FixedPage = (typeof FIXED_PAGES)[number]

/** Latin lowercase letters, digits and single hyphens, as in a URL an editor would type. */
export const PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export const PAGE_SLUG_MAX_LENGTH = 60

export const FOOTER_PLACES = ['none', 'navigation', 'documents'] as const

export type FooterPlace = (typeof FOOTER_PLACES)[number]

export function isFixedPage(slug: unknown): slug is FixedPage {
  return (FIXED_PAGES as readonly unknown[]).includes(slug)
}

/** The public path of a page, without the language prefix. */
export function pagePath(slug: string): string {
  return isFixedPage(slug) ? `/${slug}` : `/pages/${slug}`
}
