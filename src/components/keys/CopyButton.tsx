// Copies text to the clipboard and says so where the visitor is looking (src/islands/copy.ts). Served disabled, and
// enabled once the page's script can copy: a tap on a slow phone before then would otherwise do nothing and say nothing.
import { useTranslations } from 'next-intl'

type Props = {
  text: string
  label?: string
  className?: string
  /** A free key's id: copying it is a take the site counts (src/lib/probes/keyTakes.ts). */
  takenKey?: number
}

export function CopyButton({ text, label, className = 'button', takenKey }: Props) {
  const t = useTranslations('KeyTable')
  const idle = label ?? t('copy')
  return (
    <button type="button" className={`${className} needs-js`} disabled data-state="idle" data-copy={text} data-label={idle} data-taken-key={takenKey}>
      <span aria-live="polite">{idle}</span>
    </button>
  )
}
