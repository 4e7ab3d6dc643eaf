// Public API of the key-format module: share links, config files, generators and display helpers.
export { LISTED_PROTOCOLS, PROTOCOLS, KEY_PARSE_ERRORS, isListedProtocol, isProtocol } from './types'
export type { ListedProtocol, Protocol, KeyParseError, ParseResult } from './types'
export { KeyFormatError } from './result'

export { TRANSPORTS, SECURITIES } from './stream'
export type { Transport, Security, StreamParams } from './stream'

export { buildVlessUri, parseVlessUri, isUuid } from './vless'
export type { VlessLink } from './vless'

export {
  SHADOWSOCKS_METHODS,
  SHADOWSOCKS_AEAD_METHODS,
  SHADOWSOCKS_2022_METHODS,
  buildShadowsocksUri,
  parseShadowsocksUri,
  isShadowsocksMethod,
  isShadowsocks2022Method,
} from './shadowsocks'
export type { ShadowsocksLink, ShadowsocksMethod } from './shadowsocks'

export { buildTrojanUri, parseTrojanUri } from './trojan'
export type { TrojanLink } from './trojan'

export { buildHysteria2Uri, isHysteria2Link, parseHysteria2Uri } from './hysteria2'
export type { Hysteria2Link } from './hysteria2'

export {
  WIREGUARD_FULL_TUNNEL,
  WIREGUARD_DEFAULT_KEEPALIVE,
  generateWireguardKeyPair,
  wireguardPublicKey,
  generatePresharedKey,
  buildWireguardConfig,
  parseWireguardConfig,
} from './wireguard'
export type { WireguardKeyPair, WireguardPeer, WireguardConfig, WireguardConfigInput } from './wireguard'
export { isWireguardKey } from './encoding'

export { OPENVPN_DEFAULT_PORT, buildOpenVpnProfile, parseOpenVpnProfile } from './openvpn'
export type { OpenVpnTransport, OpenVpnProfileInput, OpenVpnProfileInfo } from './openvpn'

export { SSTP_DEFAULT_PORT, buildSstpParameters, buildSstpPhonebook, parseSstpPhonebook, sstpServerAddress } from './sstp'
export type { SstpParameters, SstpParametersInput, SstpPhonebookEntry } from './sstp'

export { generateUuid, generatePassword, generateShortId, generateRealityKeyPair } from './generate'
export type { RealityKeyPair } from './generate'

export { keyDownloadFile, attachmentDisposition } from './download'
export type { KeyDownloadFile } from './download'

export { parseShareLink } from './parse'
export type { ParsedShareLink, ShareLinkProtocol } from './parse'

export {
  PROTOCOL_LABELS,
  protocolHasShareLink,
  protocolHasConfigFile,
  protocolHasConnectionParameters,
} from './labels'
