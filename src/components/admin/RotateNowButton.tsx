'use client'
// Above the servers list in the admin: run the free-key rotation now and see what it did.
import { Button, useTranslation } from '@payloadcms/ui'
import { useState } from 'react'

type Report = { ran: boolean; issued: number; revoked: number; failures: { server: string; error: string }[] }

const TEXT = {
  ru: { run: 'Обновить бесплатные ключи сейчас', running: 'Обновляем…', busy: 'Обновление уже идёт на другом экземпляре', done: 'Выдано: {issued}, отозвано: {revoked}', failed: 'Не удалось' },
  en: { run: 'Rotate free keys now', running: 'Rotating…', busy: 'A rotation is already running elsewhere', done: 'Issued: {issued}, revoked: {revoked}', failed: 'Failed' },
}

export function RotateNowButton() {
  const { i18n } = useTranslation()
  const text = TEXT[i18n.language === 'en' ? 'en' : 'ru']
  const [state, setState] = useState<{ kind: 'idle' | 'running' | 'error' } | { kind: 'done'; report: Report }>({ kind: 'idle' })

  const run = async () => {
    setState({ kind: 'running' })
    try {
      const response = await fetch('/api/servers/rotate', { method: 'POST', credentials: 'include' })
      if (!response.ok) throw new Error(String(response.status))
      setState({ kind: 'done', report: (await response.json()) as Report })
    } catch {
      setState({ kind: 'error' })
    }
  }

  return (
    <div style={{ margin: '0 0 16px', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 }}>
      <Button buttonStyle="secondary" onClick={run} disabled={state.kind === 'running'} margin={false}>
        {state.kind === 'running' ? text.running : text.run}
      </Button>
      <span role="status" data-testid="rotation-result">
        {state.kind === 'error' ? text.failed : null}
        {state.kind === 'done' && !state.report.ran ? text.busy : null}
        {state.kind === 'done' && state.report.ran
          ? [
              text.done.replace('{issued}', String(state.report.issued)).replace('{revoked}', String(state.report.revoked)),
              ...state.report.failures.map((failure) => `${failure.server}: ${failure.error}`),
            ].join(' · ')
          : null}
      </span>
    </div>
  )
}
