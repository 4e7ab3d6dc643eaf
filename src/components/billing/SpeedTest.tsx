'use client'
// The speed test button (measureSpeed does the measuring); pages without React get the same from src/islands.
import { useTranslations } from 'next-intl'
import { useState } from 'react'

import { measureSpeed } from '@/lib/browser/speedTest'

type Result = { kind: 'idle' | 'running' | 'failed' } | { kind: 'done'; download: number; upload: number }

export function SpeedTest() {
  const t = useTranslations('Tariffs')
  const [result, setResult] = useState<Result>({ kind: 'idle' })

  const run = async () => {
    setResult({ kind: 'running' })
    try {
      setResult({ kind: 'done', ...(await measureSpeed()) })
    } catch {
      setResult({ kind: 'failed' })
    }
  }

  return (
    <div className="speedtest" data-speedtest="">
      <button type="button" className="button" onClick={run} disabled={result.kind === 'running'}>
        {result.kind === 'running' ? t('speedRunning') : t('speedStart')}
      </button>
      <p role="status" data-testid="speed-result">
        {result.kind === 'done' ? (
          <>
            {t('speedDownload', { mbps: result.download })}
            <br />
            {t('speedUpload', { mbps: result.upload })}
          </>
        ) : result.kind === 'failed' ? (
          t('speedFailed')
        ) : null}
      </p>
    </div>
  )
}
