// Preview before publishing: the admin's "Preview" button opens a document page with its drafts shown (Next's
// draft mode, for staff only); `exit=1` turns it off. Only a page slug is taken, so it never leads off the site.
import { draftMode } from 'next/headers'

import { isLocale } from '@/i18n/locales'
import { isStaff } from '@collections/access/roles'
import { currentUser } from '@/edge/currentUser'
import { isCrossSiteRequest } from '@/lib/http/sameSite'
import { PAGE_SLUG, pagePath } from '@/lib/pages/paths'
import { localizedPath } from '@/lib/routing/localizedPath'


export async function GET(request: Request) {
  const params = new URL(request.url).searchParams
  const slug = params.get('slug') ?? ''
  const locale = params.get('locale') ?? ''
  if (!PAGE_SLUG.test(slug) || !isLocale(locale)) return Response.json({ error: 'invalid' }, { status: 400 })
  if (isCrossSiteRequest(request.headers)) return Response.json({ error: 'crossSiteRequest' }, { status: 403 })
  const mode = await draftMode()
  if (params.get('exit') === '1') {
    mode.disable()
  } else {
    if (!isStaff(await currentUser(request.headers))) return Response.json({ error: 'forbidden' }, { status: 403 })
    mode.enable()
  }
  // A relative location: the page opens on the host the editor is using, where the preview cookie was set.
  return new Response(null, { status: 307, headers: { Location: localizedPath(pagePath(slug), locale), 'Cache-Control': 'no-store' } })
}
