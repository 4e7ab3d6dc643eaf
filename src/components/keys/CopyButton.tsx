'use client'
// Copies text to the clipboard and says so where the visitor is looking. Served disabled, and enabled once the page's
// script can copy (React here, src/islands/copy.ts on the pages served without it): a tap on a slow phone before then
// would otherwise do nothing and say nothing.
import { useTranslations } from 'next-intl'
import { useEffect, useState, useSyncExternalStore } from 'react'

import { COPIED_MS, writeClipboard } from '@/lib/browser/clipboard'
import { reportKeyTaken } from '@/lib/browser/keyTaken'

type State = 'idle' | 'copied' | 'failed'

const noSubscription = () => () => undefined

type Props = {
  text: string
  label?: string
  className?: string
  /** A free key's id: copying it is a take the site counts (src/lib/probes/keyTakes.ts). */
  takenKey?: number
}

export function CopyButton({ text, label, className = 'button', takenKey }: Props) {
  const t = useTranslations('KeyTable')
  const [state, setState] = useState<State>('idle')
  // False on the server and while hydrating, true once React handles the click.
  const ready = useSyncExternalStore(noSubscription, () => true, () => false)
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), COPIED_MS)
    return () => clearTimeout(timer)
  }, [state])
  return (
    <button
      type="button"
      className={`${className} needs-js`}
      disabled={!ready}
      data-state={state}
      // For the islands (src/islands/copy.ts), which copy on pages served without React.
      data-copy={text}
      data-label={label ?? t('copy')}
      data-taken-key={takenKey}
      onClick={() =>
        writeClipboard(text).then(
          () => {
            setState('copied')
            if (takenKey !== undefined) reportKeyTaken(takenKey)
          },
          () => setState('failed'),
        )
      }
    >
      <span aria-live="polite">{state === 'copied' ? t('copied') : state === 'failed' ? t('copyFailed') : (label ?? t('copy'))}</span>
    </button>
  )
}
