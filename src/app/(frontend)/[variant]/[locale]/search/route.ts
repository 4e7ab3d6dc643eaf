// The search widget without JavaScript: a GET form lands here and is sent to the list's canonical URL.
import { NextResponse } from 'next/server'
import type { NextRequest } from 'next/server'
import { z } from 'zod'

import { localeOrDefault } from '@/i18n/locales'
import { LISTED_PROTOCOLS } from '@/lib/keys/types'
import { keysPathname } from '@/lib/routing/keysFilter'
import { localizedPath } from '@/lib/routing/localizedPath'

const query = z.object({
  country: z.string().regex(/^[a-z]{2}$/).nullable().catch(null),
  protocol: z.enum(LISTED_PROTOCOLS).nullable().catch(null),
})

export async function GET(request: NextRequest, { params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params
  const { searchParams } = request.nextUrl
  const filter = query.parse({ country: searchParams.get('country') || null, protocol: searchParams.get('protocol') || null })
  const target = localizedPath(keysPathname(filter), localeOrDefault(locale))
  // A relative Location: the browser stays on the host it asked.
  return new NextResponse(null, { status: 303, headers: { Location: target } })
}
