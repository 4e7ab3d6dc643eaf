// Protocol list, type guard, display names and the capability flags the UI branches on.
import { describe, expect, it } from 'vitest'

import {
  KEY_PARSE_ERRORS,
  PROTOCOLS,
  PROTOCOL_LABELS,
  isProtocol,
  protocolHasConfigFile,
  protocolHasConnectionParameters,
  protocolHasShareLink,
} from '@/lib/keys'

describe('isProtocol', () => {
  it('accepts every listed protocol and nothing else', () => {
    for (const protocol of PROTOCOLS) expect(isProtocol(protocol)).toBe(true)
    for (const value of ['shadowsocks', 'VLESS', '', null, undefined, 1, {}]) expect(isProtocol(value)).toBe(false)
  })
})

describe('PROTOCOL_LABELS', () => {
  it('spells each brand the way its vendor does', () => {
    expect(PROTOCOL_LABELS).toEqual({
      vless: 'VLESS',
      outline: 'Outline',
      trojan: 'Trojan',
      wireguard: 'WireGuard',
      openvpn: 'OpenVPN',
      sstp: 'SSTP',
    })
  })
})

describe('capability flags', () => {
  it('gives share links to vless, outline and trojan only', () => {
    expect(PROTOCOLS.filter(protocolHasShareLink)).toEqual(['vless', 'outline', 'trojan'])
  })

  it('gives config files to wireguard, openvpn and sstp', () => {
    expect(PROTOCOLS.filter(protocolHasConfigFile)).toEqual(['wireguard', 'openvpn', 'sstp'])
  })

  it('gives server/port/login/password parameters to openvpn and sstp', () => {
    expect(PROTOCOLS.filter(protocolHasConnectionParameters)).toEqual(['openvpn', 'sstp'])
  })
})

describe('KEY_PARSE_ERRORS', () => {
  it('has no duplicates, so a localisation map can be checked for completeness', () => {
    expect(new Set(KEY_PARSE_ERRORS).size).toBe(KEY_PARSE_ERRORS.length)
  })
})
