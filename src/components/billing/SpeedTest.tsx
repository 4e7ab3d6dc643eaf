'use client'
// A real speed test against our server: time a download and an upload of known sizes.
import { useTranslations } from 'next-intl'
import { useState } from 'react'

const DOWNLOAD_BYTES = 4 * 1024 * 1024
const UPLOAD_BYTES = 1024 * 1024

type Result = { kind: 'idle' | 'running' | 'failed' } | { kind: 'done'; download: number; upload: number }

const mbps = (bytes: number, ms: number) => Math.round(((bytes * 8) / (ms / 1000) / 1_000_000) * 10) / 10

export function SpeedTest() {
  const t = useTranslations('Tariffs')
  const [result, setResult] = useState<Result>({ kind: 'idle' })

  const run = async () => {
    setResult({ kind: 'running' })
    try {
      const downloadStart = performance.now()
      const download = await fetch(`/api/speedtest?bytes=${DOWNLOAD_BYTES}&t=${Date.now()}`, { cache: 'no-store' })
      if (!download.ok) throw new Error(String(download.status))
      const received = (await download.arrayBuffer()).byteLength
      const downloadMs = performance.now() - downloadStart

      const body = new Uint8Array(UPLOAD_BYTES)
      crypto.getRandomValues(body.subarray(0, 65_536))
      const uploadStart = performance.now()
      const upload = await fetch('/api/speedtest', { method: 'POST', body, headers: { 'Content-Type': 'application/octet-stream' } })
      if (!upload.ok) throw new Error(String(upload.status))
      await upload.json()
      const uploadMs = performance.now() - uploadStart
      setResult({ kind: 'done', download: mbps(received, downloadMs), upload: mbps(UPLOAD_BYTES, uploadMs) })
    } catch {
      setResult({ kind: 'failed' })
    }
  }

  return (
    <div className="speedtest">
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
