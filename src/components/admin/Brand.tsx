// The admin's logo (the login page, and Payload's other logo spots) and icon (the navigation): the site's own name
// and icon, from the site settings, not Payload's.
import type { ServerProps } from 'payload'

async function siteName({ payload, i18n }: Pick<ServerProps, 'payload' | 'i18n'>): Promise<string> {
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, locale: i18n?.language === 'en' ? 'en' : 'ru' })
  return settings.siteName
}

export async function Logo(props: Pick<ServerProps, 'payload' | 'i18n'>) {
  return (
    <span data-testid="admin-brand" style={{ display: 'inline-flex', alignItems: 'center', gap: 12, fontSize: 28, fontWeight: 700 }}>
      {/* eslint-disable-next-line @next/next/no-img-element -- a static SVG from public/, in Payload's own markup */}
      <img src="/icon.svg" alt="" width={48} height={48} />
      {await siteName(props)}
    </span>
  )
}

export function Icon() {
  // eslint-disable-next-line @next/next/no-img-element -- a static SVG from public/, in Payload's own markup
  return <img src="/icon.svg" alt="" width={24} height={24} data-testid="admin-icon" />
}
