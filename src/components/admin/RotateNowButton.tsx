'use client'
// Above the servers list in the admin: run the free-key rotation now and see, server by server, what it did.
import { Button, useTranslation } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { useHydrated } from '@/components/useHydrated'

type Report = { ran: boolean; summary?: string[] }

const TEXT = {
  ru: { run: 'Обновить бесплатные ключи сейчас', running: 'Обновляем…', busy: 'Обновление уже идёт (его запустил другой редактор или расписание) — попробуйте через минуту', failed: 'Не удалось связаться с сайтом, попробуйте ещё раз' },
  en: { run: 'Rotate free keys now', running: 'Rotating…', busy: 'A rotation is already running (another editor or the schedule started it); try again in a minute', failed: 'Could not reach the site; try again' },
}

export function RotateNowButton() {
  const { i18n } = useTranslation()
  const router = useRouter()
  const hydrated = useHydrated()
  const text = TEXT[i18n.language === 'en' ? 'en' : 'ru']
  const [state, setState] = useState<{ kind: 'idle' | 'running' | 'error' } | { kind: 'done'; report: Report }>({ kind: 'idle' })

  const run = async () => {
    setState({ kind: 'running' })
    try {
      const response = await fetch('/api/servers/rotate', { method: 'POST', credentials: 'include' })
      if (!response.ok) throw new Error(String(response.status))
      setState({ kind: 'done', report: (await response.json()) as Report })
      // The list's health and rotation columns changed.
      router.refresh()
    } catch {
      setState({ kind: 'error' })
    }
  }

  return (
    <div style={{ margin: '0 0 16px' }}>
      <Button buttonStyle="secondary" onClick={run} disabled={!hydrated || state.kind === 'running'} margin={false}>
        {state.kind === 'running' ? text.running : text.run}
      </Button>
      <div role="status" data-testid="rotation-result" style={{ marginTop: 8 }}>
        {state.kind === 'error' ? <p>{text.failed}</p> : null}
        {state.kind === 'done' && !state.report.ran ? <p>{text.busy}</p> : null}
        {state.kind === 'done' && state.report.ran ? (
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {(state.report.summary ?? []).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  )
}
