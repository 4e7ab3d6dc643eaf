// "Works from Russia: MTS, Rostelecom · checked 12 minutes ago · 96 % over 7 days": what the probes inside the
// visitors' networks found of a key (src/lib/probes), beside its own check note.
import { useFormatter, useTranslations } from 'next-intl'

import type { PublicKeyRow } from '@/lib/data/keys'
import { wholeSecondsBefore } from '@/lib/time/elapsed'

export function ReachNote({ reach, now }: { reach: NonNullable<PublicKeyRow['reach']>; now: number }) {
  const t = useTranslations('KeyTable')
  const format = useFormatter()
  return (
    // The networks, for the island that marks keys proven on the visitor's own operator (src/islands/network.ts).
    <span className="health health--up" data-testid="key-reach" data-works-on={reach.networks}>
      <span aria-hidden="true">● </span>
      {t('reachWorks', { country: reach.country, networks: reach.networks })}
      {' · '}
      {/* Kept current in the browser by the islands (src/islands/clock.ts). */}
      <span data-checked-at={reach.checkedAt} data-through="reach">
        {t('reachChecked', { time: format.relativeTime(wholeSecondsBefore(Date.parse(reach.checkedAt), now), now) })}
      </span>
      {reach.uptimeWeek === null ? null : ` · ${t('reachUptime', { percent: reach.uptimeWeek })}`}
    </span>
  )
}
