// The banner after an action on My servers, with "Undo" while a revoked key can still come back.
import { getTranslations } from 'next-intl/server'

import type { Locale } from '@/i18n/locales'
import { REVOKE_UNDO_SECONDS } from '@/lib/vip/deviceKeys'
import type { ServersNotice as Notice } from '@/lib/vip/serversView'

export async function ServersNotice({ locale, notice, undoable }: { locale: Locale; notice: Notice; undoable: { id: number; device: string } | null }) {
  const t = await getTranslations({ locale, namespace: 'Servers' })
  return (
    <div role="status" className="banner" data-testid="servers-notice">
      <p>{t(notice)}</p>
      {undoable ? (
        <form method="post" action={`/api/vip/keys/${undoable.id}/restore`} className="inline-form">
          <input type="hidden" name="locale" value={locale} />
          <span>{t('undoText', { device: undoable.device, seconds: REVOKE_UNDO_SECONDS })}</span>{' '}
          <button type="submit" className="button">
            {t('undo')}
          </button>
        </form>
      ) : null}
    </div>
  )
}
