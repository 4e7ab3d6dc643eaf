// "Working, checked 5 minutes ago through a real connection" (or "only the server port checked"), next to a key.
import { useFormatter, useTranslations } from 'next-intl'

import type { PublicKeyRow } from '@/lib/data/keys'
import { wholeSecondsBefore } from '@/lib/time/elapsed'

const STATUS_TEXT = { up: 'healthUp', down: 'healthDown', unknown: 'healthUnknown' } as const

export function HealthNote({ health, now }: { health: NonNullable<PublicKeyRow['health']>; now: number }) {
  const t = useTranslations('KeyTable')
  const format = useFormatter()
  const checked = health.checkedAt ? t(health.through === 'connection' ? 'healthChecked' : 'healthCheckedPort', { time: format.relativeTime(wholeSecondsBefore(Date.parse(health.checkedAt), now), now) }) : null
  return (
    <span className={`health health--${health.status}`} data-testid="key-health">
      <span aria-hidden="true">● </span>
      {t(STATUS_TEXT[health.status])}
      {checked ? ', ' : null}
      {/* Kept current in the browser by the islands (src/islands/clock.ts). */}
      {checked ? (
        <span data-checked-at={health.checkedAt} data-through={health.through}>
          {checked}
        </span>
      ) : null}
    </span>
  )
}
