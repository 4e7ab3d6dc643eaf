'use client'
// Copies text to the clipboard and says so where the visitor is looking.
import { useTranslations } from 'next-intl'
import { useEffect, useState } from 'react'

type State = 'idle' | 'copied' | 'failed'

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text)
  // Older in-app browsers: fall back to a selected textarea.
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  const copied = document.execCommand('copy')
  area.remove()
  if (!copied) throw new Error('copy command refused')
}

export function CopyButton({ text, label, className = 'button' }: { text: string; label?: string; className?: string }) {
  const t = useTranslations('KeyTable')
  const [state, setState] = useState<State>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 2500)
    return () => clearTimeout(timer)
  }, [state])
  return (
    <button
      type="button"
      className={`${className} needs-js`}
      data-state={state}
      onClick={() => writeClipboard(text).then(() => setState('copied'), () => setState('failed'))}
    >
      <span aria-live="polite">{state === 'copied' ? t('copied') : state === 'failed' ? t('copyFailed') : (label ?? t('copy'))}</span>
    </button>
  )
}
