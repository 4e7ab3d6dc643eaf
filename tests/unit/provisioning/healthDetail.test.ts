// A server check's result is stored in no language and read in the editor's: the Russian admin had English here.
import { describe, expect, it } from 'vitest'

import { adminTranslator } from '@/lib/admin/adminMessages'
import { healthDetailText } from '@/lib/provisioning/health'
import type { HealthDetail } from '@/lib/provisioning/health'

const ru = adminTranslator('ru')
const en = adminTranslator('en')
const stored = (detail: HealthDetail) => JSON.stringify(detail)

describe('health check details', () => {
  it('read in Russian and in English', () => {
    expect(healthDetailText(stored({ kind: 'unresolved' }), ru)).toBe('не проверен: адрес не находится в DNS')
    expect(healthDetailText(stored({ kind: 'unresolved' }), en)).toBe('not checked: the address does not resolve')
    const ports = stored({ kind: 'ports', ports: [{ protocol: 'vless', port: 443, latencyMs: 12 }, { protocol: 'trojan', port: 8443, latencyMs: null }] })
    expect(healthDetailText(ports, ru)).toBe('vless:443 — 12 мс, trojan:8443 — нет ответа')
    expect(healthDetailText(ports, en)).toBe('vless:443 12 ms, trojan:8443 no answer')
    expect(healthDetailText(stored({ kind: 'ssManager', latencyMs: null }), ru)).toBe('ss-manager: нет ответа на ping')
    for (const kind of ['demo', 'udpOnly', 'internal'] as const) expect(healthDetailText(stored({ kind }), ru)).toMatch(/[а-я]/)
  })

  it('show an older plain-text detail, or anything unreadable, as it was written', () => {
    expect(healthDetailText('vless:443 no answer', ru)).toBe('vless:443 no answer')
    expect(healthDetailText('{not json', ru)).toBe('{not json')
    expect(healthDetailText(null, ru)).toBeNull()
  })
})
