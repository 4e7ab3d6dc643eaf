'use client'
// Admin array rows titled by their content ("VLESS · 443", "iOS · Streisand") instead of "Row 01".
import { useRowLabel, useTranslation } from '@payloadcms/ui'

import { PROTOCOL_LABELS } from '@/lib/keys/labels'
import { isProtocol } from '@/lib/keys/types'

type RowData = { protocol?: unknown; port?: unknown; platform?: unknown; name?: unknown }

export function ArrayRowLabel() {
  const { data, rowNumber } = useRowLabel<RowData>()
  const { i18n } = useTranslation()
  const parts = [
    isProtocol(data?.protocol) ? PROTOCOL_LABELS[data.protocol] : null,
    typeof data?.platform === 'string' ? data.platform : null,
    typeof data?.name === 'string' ? data.name : null,
    typeof data?.port === 'number' ? String(data.port) : null,
  ].filter(Boolean)
  // A row not filled in yet says so, rather than a bare "#1".
  const empty = `${i18n.language === 'en' ? 'New row' : 'Новая строка'} ${(rowNumber ?? 0) + 1}`
  return <span>{parts.length > 0 ? parts.join(' · ') : empty}</span>
}
