'use client'
// Admin array rows titled by their content ("VLESS · 443", "iOS · Streisand") instead of "Row 01".
import { useRowLabel } from '@payloadcms/ui'

import { PROTOCOL_LABELS } from '@/lib/keys/labels'
import { isProtocol } from '@/lib/keys/types'

type RowData = { protocol?: unknown; port?: unknown; platform?: unknown; name?: unknown }

export function ArrayRowLabel() {
  const { data, rowNumber } = useRowLabel<RowData>()
  const parts = [
    isProtocol(data?.protocol) ? PROTOCOL_LABELS[data.protocol] : null,
    typeof data?.platform === 'string' ? data.platform : null,
    typeof data?.name === 'string' ? data.name : null,
    typeof data?.port === 'number' ? String(data.port) : null,
  ].filter(Boolean)
  return <span>{parts.length > 0 ? parts.join(' · ') : `#${(rowNumber ?? 0) + 1}`}</span>
}
