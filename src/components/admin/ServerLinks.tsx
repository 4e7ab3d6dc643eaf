'use client'
// Servers in the admin, a click from what an editor looks for: above the list, the servers whose checks fail; on a
// server's page, its keys and (for a server whose keys are imported) the import with this server chosen.
import { useDocumentInfo, useFormFields, useTranslation } from '@payloadcms/ui'

const TEXT = {
  ru: { all: 'Все серверы', down: 'Недоступные', failing: 'Ключи не подключаются', keys: 'Ключи этого сервера', import: 'Импортировать ключи на этот сервер' },
  en: { all: 'All servers', down: 'Down', failing: 'Keys do not connect', keys: 'This server’s keys', import: 'Import keys to this server' },
}

const LIST = '/admin/collections/servers'

function useText() {
  const { i18n } = useTranslation()
  return TEXT[i18n.language === 'en' ? 'en' : 'ru']
}

export function ServerFilters() {
  const text = useText()
  return (
    <nav className="server-filters" style={{ display: 'flex', flexWrap: 'wrap', gap: 16, marginBottom: 16 }} data-testid="server-filters">
      <a href={LIST}>{text.all}</a>
      <a href={`${LIST}?where[health.status][equals]=down`}>{text.down}</a>
      <a href={`${LIST}?where[health.keysFailing][equals]=true`}>{text.failing}</a>
    </nav>
  )
}

export function ServerLinks() {
  const text = useText()
  const { id } = useDocumentInfo()
  const adapter = useFormFields(([fields]) => fields.adapter?.value)
  if (id === undefined || id === null) return null
  return (
    <p style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="server-links">
      <a href={`/admin/collections/keys?where[server][equals]=${id}`}>{text.keys}</a>
      {adapter === 'manual' ? <a href={`/admin/collections/keys?importServer=${id}#keys-import`}>{text.import}</a> : null}
    </p>
  )
}
