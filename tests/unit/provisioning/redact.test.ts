import { describe, expect, it } from 'vitest'

import { REDACTED_ADDRESS, redactAddresses, serverErrorText } from '@/lib/provisioning/redact'

describe('redactAddresses', () => {
  it('hides the management URL, its host and any other URL or IP address', () => {
    const apiUrl = 'https://mgmt.example:8443/SecretPath'
    const message = `fetch ${apiUrl}/access-keys failed: connect ECONNREFUSED 10.0.0.5:8443 (mgmt.example:8443) via udp://127.0.0.77:6001 [2001:db8::1]:443`
    const text = redactAddresses(message, [apiUrl])
    expect(text).not.toMatch(/mgmt\.example|SecretPath|10\.0\.0\.5|127\.0\.0\.77|2001:db8|8443/)
    expect(text).toContain(REDACTED_ADDRESS)
    expect(text).toContain('ECONNREFUSED')
  })

  it('keeps messages without addresses as they are', () => {
    expect(serverErrorText(new Error('Outline refused to delete the access key (HTTP 500: busy)'), {})).toBe(
      'Outline refused to delete the access key (HTTP 500: busy)',
    )
  })
})
