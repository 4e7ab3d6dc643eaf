// Debian's v2ray as a vless server over TLS with the test CA's certificate. `onlyHere` are names only this server
// resolves (to loopback): a page asked for by it can only have come through the tunnel, since the site's client
// configuration sends private addresses such as 127.0.0.1 direct, as a VPN app should.
import { start, waitForPort } from './processes'
import type { Started } from './processes'
import type { TestPki } from './testPki'

export async function startV2rayVless(options: { port: number; ids: string[]; pki: TestPki; onlyHere: readonly string[]; stream?: Record<string, unknown>; listen?: string }): Promise<Started> {
  const { port, ids, pki, onlyHere, stream = { network: 'tcp' }, listen = '127.0.0.1' } = options
  const config = {
    log: { loglevel: 'warning' },
    dns: { hosts: Object.fromEntries(onlyHere.map((name) => [name, '127.0.0.1'])) },
    inbounds: [
      {
        listen,
        port,
        protocol: 'vless',
        settings: { clients: ids.map((id) => ({ id })), decryption: 'none' },
        streamSettings: { ...stream, security: 'tls', tlsSettings: { certificates: [{ certificateFile: pki.files.serverCert, keyFile: pki.files.serverKey }] } },
      },
    ],
    outbounds: [{ protocol: 'freedom', settings: { domainStrategy: 'UseIPv4' } }],
  }
  const server = start('v2ray', ['-config', 'stdin:'], { input: JSON.stringify(config) })
  await waitForPort(port, listen)
  return server
}
