'use client'
// Above the keys list in the admin: paste share links or choose config files for a manual server,
// and see what became a key and why the rest was refused. The list below refreshes after an import.
import { Button, useTranslation } from '@payloadcms/ui'
import { useRouter, useSearchParams } from 'next/navigation'
import type React from 'react'
import { useEffect, useState } from 'react'

import { IMPORT_MAX_BODY_BYTES } from '@/lib/keys/importLimits'

type ServerOption = { id: number; name: string; host: string }
type Report = { created: number; rejected: { source: string; reason: string }[] }

const TEXT = {
  ru: {
    title: 'Импорт ключей для сервера «вручную»',
    server: 'Сервер',
    links: 'Ссылки ключей (по одной в строке: vless://, ss://, trojan://)',
    files: 'Файлы (.conf WireGuard, .ovpn OpenVPN)',
    lifetime: 'Сколько показывать ключи на сайте',
    forever: 'Пока не удалю',
    until: 'До',
    otherHost: 'Принять ключи с другим адресом, чем у сервера (например, ключи через домен)',
    submit: 'Импортировать',
    sending: 'Импортируем…',
    created: 'Добавлено ключей: {n}',
    rejected: 'Не добавлены',
    failed: 'Не удалось связаться с сайтом, попробуйте ещё раз: введённое сохранено',
    tooLarge: 'Импорт больше 4 МБ: разделите его на несколько частей',
    noServers: 'Нет серверов, ключи которых добавляются вручную: создайте сервер и выберите «Откуда берутся ключи: Вручную»',
  },
  en: {
    title: 'Import keys for a manual server',
    server: 'Server',
    links: 'Key links (one per line: vless://, ss://, trojan://)',
    files: 'Files (.conf WireGuard, .ovpn OpenVPN)',
    lifetime: 'How long the site lists the keys',
    forever: 'Until I remove them',
    until: 'Until',
    otherHost: 'Accept keys with another address than the server’s (e.g. keys through a domain)',
    submit: 'Import',
    sending: 'Importing…',
    created: 'Keys added: {n}',
    rejected: 'Not added',
    failed: 'Could not reach the site; try again: what you entered is kept',
    tooLarge: 'The import is larger than 4 MB: split it into several parts',
    noServers: 'No servers whose keys are added by hand: create a server with “Where keys come from: Manual”',
  },
}

type State = { kind: 'idle' | 'sending' | 'failed' } | { kind: 'refused'; message: string } | { kind: 'done'; report: Report }

export function KeysImport() {
  const { i18n } = useTranslation()
  const router = useRouter()
  const text = TEXT[i18n.language === 'en' ? 'en' : 'ru']
  const [servers, setServers] = useState<ServerOption[]>([])
  const [lifetime, setLifetime] = useState<'forever' | 'until'>('forever')
  const [state, setState] = useState<State>({ kind: 'idle' })
  const preselected = useSearchParams().get('importServer')

  useEffect(() => {
    fetch('/api/servers?where[adapter][equals]=manual&limit=200&depth=0&sort=name&select[name]=true&select[host]=true', { credentials: 'include' })
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
      const until = String(form.get('until') ?? '')
      const request = JSON.stringify({
        server: Number(form.get('server')),
        text: form.get('text'),
        files,
        // The picker's local time, as the editor meant it.
        expiresAt: lifetime === 'until' && until !== '' ? new Date(until).toISOString() : null,
        acceptOtherHost: form.get('acceptOtherHost') === 'on',
      })
      // Said before sending: the site (and nginx before it) reads no more than this.
      if (new Blob([request]).size > IMPORT_MAX_BODY_BYTES) {
        setState({ kind: 'refused', message: text.tooLarge })
        return
      }
      const response = await fetch('/api/keys/import', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: request })
      const body = (await response.json().catch(() => null)) as (Report & { error?: string }) | null
      if (response.status === 400 || response.status === 404 || response.status === 413) {
        setState({ kind: 'refused', message: body?.error ?? (response.status === 413 ? text.tooLarge : text.failed) })
        return
      }
      if (!response.ok || body === null) throw new Error(String(response.status))
      setState({ kind: 'done', report: body })
      if (body.created > 0) router.refresh()
    } catch {
      setState({ kind: 'failed' })
    }
  }

  return (
    // Opened, with its server chosen, when a server's page links here (?importServer=).
    <details id="keys-import" open={preselected !== null} style={{ margin: '0 0 16px' }}>
      <summary style={{ cursor: 'pointer', fontWeight: 600 }}>{text.title}</summary>
      {servers.length === 0 ? (
        <p>{text.noServers}</p>
      ) : (
        <form onSubmit={submit} style={{ display: 'grid', gap: 8, maxWidth: 720, marginTop: 8 }}>
          <label>
            {text.server}{' '}
            <select name="server" required defaultValue={preselected ?? undefined}>
              {servers.map((server) => (
                <option key={server.id} value={server.id}>
                  {server.name} ({server.host})
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
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend>{text.lifetime}</legend>
            <label>
              <input type="radio" name="lifetime" value="forever" checked={lifetime === 'forever'} onChange={() => setLifetime('forever')} /> {text.forever}
            </label>{' '}
            <label>
              <input type="radio" name="lifetime" value="until" checked={lifetime === 'until'} onChange={() => setLifetime('until')} /> {text.until}
            </label>{' '}
            <input type="datetime-local" name="until" aria-label={text.until} disabled={lifetime !== 'until'} required={lifetime === 'until'} />
          </fieldset>
          <label>
            <input type="checkbox" name="acceptOtherHost" /> {text.otherHost}
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
        {state.kind === 'refused' ? <p>{state.message}</p> : null}
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
