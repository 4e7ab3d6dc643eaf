'use client'
// On a probe's admin page: issue its token (and a new one, which stops the old), shown this once with the command
// that runs the probe. The site keeps only the token's hash.
import { Button, useDocumentInfo, useFormFields, useTranslation } from '@payloadcms/ui'
import { useState } from 'react'

import { useHydrated } from '@/components/useHydrated'

const TEXT = {
  ru: {
    label: 'Токен',
    saveFirst: 'Сохраните пробу, чтобы выдать ей токен.',
    issue: 'Выдать токен',
    reissue: 'Выдать новый токен (старый перестанет работать)',
    confirm: 'Выдать новый токен? Проба со старым токеном перестанет отчитываться, пока вы не впишете ей новый.',
    issued: 'Токен показан один раз — скопируйте его сейчас. Запуск пробы:',
    failed: 'Не удалось выдать токен, попробуйте ещё раз',
    never: 'Токен ещё не выдан: проба не сможет отчитываться.',
  },
  en: {
    label: 'Token',
    saveFirst: 'Save the probe to issue its token.',
    issue: 'Issue a token',
    reissue: 'Issue a new token (the old one stops working)',
    confirm: 'Issue a new token? The probe with the old token stops reporting until you give it the new one.',
    issued: 'The token is shown this once: copy it now. To run the probe:',
    failed: 'Could not issue a token; try again',
    never: 'No token issued yet: the probe cannot report.',
  },
}

export function ProbeToken() {
  const { i18n } = useTranslation()
  const text = TEXT[i18n.language === 'en' ? 'en' : 'ru']
  const { id } = useDocumentInfo()
  const issuedAt = useFormFields(([fields]) => fields.tokenIssuedAt?.value)
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'failed' } | { kind: 'issued'; token: string }>({ kind: 'idle' })
  const hydrated = useHydrated()

  const issue = async () => {
    if (issuedAt && !window.confirm(text.confirm)) return
    setState({ kind: 'busy' })
    try {
      const response = await fetch(`/api/probes/${id}/token`, { method: 'POST', credentials: 'include' })
      if (!response.ok) throw new Error(String(response.status))
      setState({ kind: 'issued', token: ((await response.json()) as { token: string }).token })
    } catch {
      setState({ kind: 'failed' })
    }
  }

  return (
    <div className="field-type" style={{ marginBottom: 24 }}>
      <label className="field-label">{text.label}</label>
      {id === undefined ? (
        <p className="field-description">{text.saveFirst}</p>
      ) : (
        <>
          {!issuedAt && state.kind !== 'issued' ? <p className="field-description">{text.never}</p> : null}
          <Button buttonStyle="secondary" onClick={issue} disabled={!hydrated || state.kind === 'busy'} margin={false}>
            {issuedAt || state.kind === 'issued' ? text.reissue : text.issue}
          </Button>
          {state.kind === 'failed' ? (
            <p role="alert" className="field-error">
              {text.failed}
            </p>
          ) : null}
          {state.kind === 'issued' ? (
            <div role="status" style={{ marginTop: 8 }}>
              <p>{text.issued}</p>
              <pre data-testid="probe-command" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', userSelect: 'all' }}>
                {`npm run probe -- --site ${window.location.origin} --token ${state.token}`}
              </pre>
            </div>
          ) : null}
        </>
      )}
    </div>
  )
}
