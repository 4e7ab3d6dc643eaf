// Protocol list, type guard, display names and the capability flags the UI branches on.
import { describe, expect, it } from 'vitest'

import {
  KEY_PARSE_ERRORS,
  LISTED_PROTOCOLS,
  PROTOCOLS,
  PROTOCOL_LABELS,
  isListedProtocol,
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
      hysteria2: 'Hysteria2',
    })
  })
})

describe('capability flags', () => {
  it('gives share links to vless, outline, trojan and Hysteria2 only', () => {
    expect(PROTOCOLS.filter(protocolHasShareLink)).toEqual(['vless', 'outline', 'trojan', 'hysteria2'])
  })

  it('lists the six of the public lists; Hysteria2 is subscribers’ only', () => {
    expect(LISTED_PROTOCOLS).toEqual(['vless', 'outline', 'trojan', 'wireguard', 'openvpn', 'sstp'])
    expect(PROTOCOLS.filter((protocol) => !isListedProtocol(protocol))).toEqual(['hysteria2'])
    for (const value of ['hysteria2', 'hy2', '', null]) expect(isListedProtocol(value)).toBe(false)
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
