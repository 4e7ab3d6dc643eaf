// The demo adapter: well-formed keys generated locally for demo servers (fresh UUIDs, passwords, WireGuard pairs).
import { randomInt } from 'node:crypto'

import {
  buildHysteria2Uri,
  buildOpenVpnProfile,
  buildShadowsocksUri,
  buildSstpPhonebook,
  buildTrojanUri,
  buildVlessUri,
  buildWireguardConfig,
  generatePassword,
  generateRealityKeyPair,
  generateShortId,
  generateUuid,
  generateWireguardKeyPair,
  keyDownloadFile,
} from '@/lib/keys'
import type { Protocol } from '@/lib/keys'
import type { Server } from '@/payload-types'

import type { IssuedKey } from '../../adapter'
import { DEMO_OPENVPN_CA, DEMO_OPENVPN_CLIENT_CERT, DEMO_OPENVPN_CLIENT_KEY, DEMO_OPENVPN_TLS_CRYPT } from './pki'

export const DEMO_DEFAULT_PORTS: Record<Protocol, number> = {
  vless: 443,
  outline: 8388,
  trojan: 8443,
  wireguard: 51820,
  openvpn: 1194,
  sstp: 443,
  hysteria2: 443,
}

export type DemoServer = {
  host: string
  countryCode: string
  /** Server-side public values; generated for the demo when absent. */
  realityPublicKey?: string
  realityShortId?: string
  wireguardPublicKey?: string
}

type IssueInput = {
  server: DemoServer
  protocol: Protocol
  port?: number
  /** Hours the key stays valid; null for unlimited. */
  lifetimeHours: number | null
  now?: Date
}

function label(server: DemoServer, protocol: Protocol): string {
  return `${server.countryCode.toUpperCase()} ${protocol} demo`
}

export function issueDemoKey({ server, protocol, port = DEMO_DEFAULT_PORTS[protocol], lifetimeHours, now = new Date() }: IssueInput): IssuedKey {
  const providerRef = generateUuid()
  const expiresAt = lifetimeHours === null ? null : new Date(now.getTime() + lifetimeHours * 60 * 60 * 1000)
  const file = (content: string) => ({
    filename: keyDownloadFile({ protocol, countryCode: server.countryCode, id: providerRef.slice(0, 8) }).filename,
    content,
  })
  const base = { expiresAt, providerRef }
  switch (protocol) {
    case 'vless':
      return {
        ...base,
        keyString: buildVlessUri({
          uuid: providerRef,
          host: server.host,
          port,
          encryption: 'none',
          flow: 'xtls-rprx-vision',
          type: 'tcp',
          security: 'reality',
          sni: 'www.microsoft.com',
          fingerprint: 'chrome',
          publicKey: server.realityPublicKey ?? generateRealityKeyPair().publicKey,
          shortId: server.realityShortId ?? generateShortId(),
          name: label(server, protocol),
        }),
        configFile: null,
        connection: null,
      }
    case 'outline':
      return {
        ...base,
        keyString: buildShadowsocksUri({
          method: 'chacha20-ietf-poly1305',
          password: generatePassword(),
          host: server.host,
          port,
          outline: true,
          name: label(server, protocol),
        }),
        configFile: null,
        connection: null,
      }
    case 'trojan':
      return {
        ...base,
        keyString: buildTrojanUri({
          password: generatePassword(),
          host: server.host,
          port,
          type: 'tcp',
          security: 'tls',
          sni: server.host,
          fingerprint: 'chrome',
          name: label(server, protocol),
        }),
        configFile: null,
        connection: null,
      }
    case 'wireguard': {
      const client = generateWireguardKeyPair()
      const content = buildWireguardConfig({
        privateKey: client.privateKey,
        addresses: [`10.66.${randomInt(0, 256)}.${randomInt(2, 255)}/32`],
        dns: ['1.1.1.1', '1.0.0.1'],
        peer: {
          publicKey: server.wireguardPublicKey ?? generateWireguardKeyPair().publicKey,
          endpointHost: server.host,
          endpointPort: port,
        },
      })
      return { ...base, keyString: content, configFile: file(content), connection: null }
    }
    case 'openvpn': {
      const content = buildOpenVpnProfile({
        host: server.host,
        port,
        transport: 'udp',
        ca: DEMO_OPENVPN_CA,
        cert: DEMO_OPENVPN_CLIENT_CERT,
        key: DEMO_OPENVPN_CLIENT_KEY,
        tlsCrypt: DEMO_OPENVPN_TLS_CRYPT,
        authUserPass: true,
      })
      return {
        ...base,
        keyString: null,
        configFile: file(content),
        connection: { host: server.host, port, login: `vpn${randomInt(1000, 10000)}`, password: generatePassword(9) },
      }
    }
    case 'sstp': {
      const content = buildSstpPhonebook({ name: label(server, protocol), host: server.host, port })
      return {
        ...base,
        keyString: null,
        configFile: file(content),
        connection: { host: server.host, port, login: `vpn${randomInt(1000, 10000)}`, password: generatePassword(9) },
      }
    }
    case 'hysteria2':
      return {
        ...base,
        keyString: buildHysteria2Uri({ auth: generatePassword(), host: server.host, port, sni: server.host, name: label(server, protocol) }),
        configFile: null,
        connection: null,
      }
  }
}

/** A server record's public values for the demo generator. */
export function demoServerOf(server: Server, countryCode: string, protocol: Protocol): DemoServer {
  const params = server.protocols?.find((entry) => entry.protocol === protocol)?.publicParams
  return {
    host: server.host,
    countryCode,
    realityPublicKey: params?.realityPublicKey ?? undefined,
    realityShortId: params?.realityShortId ?? undefined,
    wireguardPublicKey: params?.wireguardPublicKey ?? undefined,
  }
}
