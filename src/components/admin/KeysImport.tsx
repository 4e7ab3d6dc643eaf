'use client'
// Above the keys list in the admin: paste share links or choose config files for a manual server,
// and see what became a key and why the rest was refused.
import { Button, useTranslation } from '@payloadcms/ui'
import type React from 'react'
import { useEffect, useState } from 'react'

type ServerOption = { id: number; name: string }
type Report = { created: number; rejected: { source: string; reason: string }[] }

const TEXT = {
  ru: {
    title: 'Импорт ключей для сервера «вручную»',
    server: 'Сервер',
    links: 'Ссылки ключей (по одной в строке: vless://, ss://, trojan://)',
    files: 'Файлы (.conf WireGuard, .ovpn OpenVPN)',
    hours: 'Срок действия, часов (пусто — без ограничения)',
    submit: 'Импортировать',
    sending: 'Импортируем…',
    created: 'Создано ключей: {n}',
    rejected: 'Не принято',
    failed: 'Импорт не удался',
    noServers: 'Нет серверов со способом выдачи «вручную»',
  },
  en: {
    title: 'Import keys for a manual server',
    server: 'Server',
    links: 'Key links (one per line: vless://, ss://, trojan://)',
    files: 'Files (.conf WireGuard, .ovpn OpenVPN)',
    hours: 'Valid for, hours (empty: unlimited)',
    submit: 'Import',
    sending: 'Importing…',
    created: 'Keys created: {n}',
    rejected: 'Refused',
    failed: 'The import failed',
    noServers: 'No servers with the manual adapter',
  },
}

export function KeysImport() {
  const { i18n } = useTranslation()
  const text = TEXT[i18n.language === 'en' ? 'en' : 'ru']
  const [servers, setServers] = useState<ServerOption[]>([])
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'failed' } | { kind: 'done'; report: Report }>({ kind: 'idle' })

  useEffect(() => {
    fetch('/api/servers?where[adapter][equals]=manual&limit=200&depth=0&sort=name', { credentials: 'include' })
      .then((response) => response.json() as Promise<{ docs?: ServerOption[] }>)
      .then((data) => setServers(data.docs ?? []))
      .catch(() => setServers([]))
  }, [])

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setState({ kind: 'sending' })
    try {
      const files = await Promise.all(
        form.getAll('files').flatMap((file) => (file instanceof File && file.size > 0 ? [file] : [])).map(async (file) => ({ name: file.name, content: await file.text() })),
      )
      const hours = String(form.get('hours') ?? '').trim()
      const response = await fetch('/api/keys/import', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ server: Number(form.get('server')), text: form.get('text'), files, expiresInHours: hours === '' ? null : Number(hours) }),
      })
      if (!response.ok) throw new Error(String(response.status))
      setState({ kind: 'done', report: (await response.json()) as Report })
    } catch {
      setState({ kind: 'failed' })
    }
  }

  return (
    <details style={{ margin: '0 0 16px' }}>
      <summary style={{ cursor: 'pointer', fontWeight: 600 }}>{text.title}</summary>
      {servers.length === 0 ? (
        <p>{text.noServers}</p>
      ) : (
        <form onSubmit={submit} style={{ display: 'grid', gap: 8, maxWidth: 720, marginTop: 8 }}>
          <label>
            {text.server}{' '}
            <select name="server" required>
              {servers.map((server) => (
                <option key={server.id} value={server.id}>
                  {server.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            {text.links}
            <textarea name="text" rows={6} style={{ width: '100%', fontFamily: 'monospace' }} />
          </label>
          <label>
            {text.files} <input type="file" name="files" multiple accept=".conf,.ovpn" />
          </label>
          <label>
            {text.hours} <input type="number" name="hours" min={1} max={8784} defaultValue={24} />
          </label>
          <div>
            <Button type="submit" buttonStyle="secondary" margin={false} disabled={state.kind === 'sending'}>
              {state.kind === 'sending' ? text.sending : text.submit}
            </Button>
          </div>
        </form>
      )}
      <div role="status" data-testid="import-report">
        {state.kind === 'failed' ? <p>{text.failed}</p> : null}
        {state.kind === 'done' ? (
          <>
            <p>{text.created.replace('{n}', String(state.report.created))}</p>
            {state.report.rejected.length > 0 ? (
              <>
                <p>{text.rejected}:</p>
                <ul>
                  {state.report.rejected.map((item) => (
                    <li key={item.source}>
                      <code>{item.source}</code> — {item.reason}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        ) : null}
      </div>
    </details>
  )
}
