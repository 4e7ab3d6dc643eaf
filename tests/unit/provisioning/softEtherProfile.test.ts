import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'

import { openVpnProfileFrom } from '@/lib/provisioning/adapters/softether/softEther'

// As SoftEther's MakeOpenVpnConfigFile answers: a ZIP with a readme and two profiles, CRLF line ends, a placeholder remote.
const PROFILE = ['###############', '# comment', 'dev tun', 'proto udp', 'remote 192.0.2.2 1194', ';http-proxy-retry', 'cipher AES-128-CBC', 'auth SHA1', 'auth-user-pass', '<ca>', 'PEM', '</ca>', ''].join('\r\n')
const zip = (files: Record<string, string>) => zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])))

describe('the OpenVPN profile of a SoftEther key', () => {
  it('is the remote-access profile naming the key’s host and port, the server’s cipher offered to current clients', () => {
    const profile = openVpnProfileFrom(zip({ 'readme.txt': 'x', 'vm_openvpn_site_to_site_bridge_l2.ovpn': 'remote 192.0.2.2 1194\ndev tap', 'vm_openvpn_remote_access_l3.ovpn': PROFILE }), 'fi.vpn.example', 443)
    expect(profile).toMatch(/^remote fi\.vpn\.example 443$/m)
    expect(profile).not.toContain('192.0.2.2')
    expect(profile).not.toContain('dev tap')
    expect(profile).not.toContain('\r')
    expect(profile).toMatch(/^cipher AES-128-CBC\nignore-unknown-option data-ciphers data-ciphers-fallback\ndata-ciphers AES-256-GCM:AES-128-GCM:CHACHA20-POLY1305:AES-128-CBC\ndata-ciphers-fallback AES-128-CBC$/m)
    expect(profile).toMatch(/^auth-user-pass$/m)
    expect(profile.endsWith('</ca>\n')).toBe(true)
  })

  it('refuses an answer without the profile or without a remote line, rather than hand out a key that cannot connect', () => {
    expect(() => openVpnProfileFrom(zip({ 'readme.txt': 'x' }), 'h', 1)).toThrow(/no remote-access OpenVPN profile/)
    expect(() => openVpnProfileFrom(zip({ 'a_openvpn_remote_access_l3.ovpn': 'dev tun\n' }), 'h', 1)).toThrow(/without a remote line/)
  })
})
