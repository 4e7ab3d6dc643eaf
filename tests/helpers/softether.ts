// A throwaway SoftEther VPN Server (Debian's softether-vpnserver) for the adapter's tests: run in the server side of a
// namespace pair, so its fixed ports (443, 992, 1194, 5555) never meet the machine's, with its state in a folder of
// the test's (bind-mounted over /var/lib/softether in a mount namespace of its own: a SoftEther the machine runs is
// never touched). The test process reaches its JSON-RPC API over one more veth, from the host side.
import { createHash } from 'node:crypto'
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { connect } from 'node:tls'

import type { NetnsPair } from './netns'
import { hasCommands, run, start, stopped, waitForOutput } from './processes'
import type { Started } from './processes'

export const VPNSERVER = '/usr/libexec/softether/vpnserver/vpnserver'

/**
 * Debian's 5.01 (5.01.9674+git20200806+8181039+dfsg2-2+b2, amd64) cannot take an SSTP call: in ProtoHandleConnection
 * (src/Cedar/Proto.c, 8181039) the loop that finds the protocol by name reads `container->Impl` from the variable the
 * loop has not set yet, and the compiler, free to assume that never happens, made every match return false
 * (SoftEtherVPN 5611156c fixed the source in 5.02). For the SSTP proof the tests run a copy of that exact binary
 * with the lookup written as 5.02 has it: 60 bytes at one place, checked against the file's SHA-256 and the bytes
 * there before they are written. Debian's own file is never touched, and any other build runs unchanged.
 */
const DEBIAN_501 = {
  sha256: '487e51a73f152c9042837975044edd6d11cef4f29eaff2162512f2b897054212',
  at: 0x3a00f,
  expected: '488b4708',
  // xor r13d,r13d; loop over proto->Containers: StrCmp(container->Name, name) == 0 → the found container, on to the
  // function's own path for it; past the last one → the function's `return false`.
  fixed: '4531ed498b47084885c0742b443b68087325488b40104e8b24e8498b3c244889eee89b1b130085c0740541ffc5ebd44c89e0e963000000e905000000',
}

/** The vpnserver to run: Debian's own, or in `dir` the copy of Debian's 5.01 with 5.02's protocol lookup (above). */
export function sstpCapableServer(dir: string): { binary: string; patched: boolean } {
  const original = readFileSync(VPNSERVER)
  if (createHash('sha256').update(original).digest('hex') !== DEBIAN_501.sha256) return { binary: VPNSERVER, patched: false }
  if (original.subarray(DEBIAN_501.at, DEBIAN_501.at + 4).toString('hex') !== DEBIAN_501.expected) return { binary: VPNSERVER, patched: false }
  mkdirSync(dir, { recursive: true })
  const binary = path.join(dir, 'vpnserver')
  copyFileSync(VPNSERVER, binary)
  const copy = readFileSync(binary)
  Buffer.from(DEBIAN_501.fixed, 'hex').copy(copy, DEBIAN_501.at)
  writeFileSync(binary, copy, { mode: 0o755 })
  // Its strings and certificates, beside it as Debian's directory has them.
  symlinkSync('/usr/share/softether-common/hamcore.se2', path.join(dir, 'hamcore.se2'))
  return { binary, patched: true }
}

/** Why SoftEther cannot run here, or null when it can. */
export function softEtherUnavailable(): string | null {
  if (!hasCommands(VPNSERVER, 'vpncmd', 'unshare')) return "Debian's softether-vpnserver and softether-vpncmd are not installed (apt-get install -y softether-vpnserver softether-vpncmd)"
  return null
}

export type SoftEther = {
  /** The management address as the site's server record names it (from the host side). */
  apiUrl: string
  adminPassword: string
  certSha256: string
  /** The address VPN clients in the pair's client namespace connect to. */
  vpnAddress: string
  /** The host side's address: only the tunnel (SoftEther's SecureNAT) reaches it from the client namespace. */
  hostAddress: string
  process: Started
  stop: () => Promise<void>
}

async function fingerprintOf(host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, rejectUnauthorized: false }, () => {
      const fingerprint = socket.getPeerCertificate().fingerprint256
      socket.destroy()
      resolve(fingerprint)
    })
    socket.once('error', reject)
  })
}

/** Starts SoftEther in `pair.server` with its state in `stateDir`, the administrator password set. */
export async function startSoftEther(pair: NetnsPair, stateDir: string, subnet: number, binary = VPNSERVER): Promise<SoftEther> {
  mkdirSync(stateDir, { recursive: true })
  // Mount points: created once on the machine, empty; SoftEther's own state goes to the test's folder.
  mkdirSync('/var/lib/softether', { recursive: true })
  mkdirSync('/run/softether', { recursive: true })
  const hostSide = `${pair.id}h`
  const serverSide = `${pair.id}g`
  const hostAddress = `10.${subnet}.1.1`
  const apiAddress = `10.${subnet}.1.2`
  await run('ip', ['link', 'add', hostSide, 'type', 'veth', 'peer', 'name', serverSide])
  await run('ip', ['link', 'set', serverSide, 'netns', pair.server])
  await run('ip', ['addr', 'add', `${hostAddress}/24`, 'dev', hostSide])
  await run('ip', ['-n', pair.server, 'addr', 'add', `${apiAddress}/24`, 'dev', serverSide])
  await run('ip', ['link', 'set', hostSide, 'up'])
  await run('ip', ['-n', pair.server, 'link', 'set', serverSide, 'up'])

  const inServer = pair.inside(pair.server)
  const script = `mount --bind "$0" /var/lib/softether && exec "$1" execsvc`
  const process = start(inServer[0]!, [...inServer.slice(1), 'unshare', '--mount', '--propagation', 'private', 'sh', '-c', script, stateDir, binary])
  const stop = async () => {
    await stopped(process.child)
    await run('ip', ['link', 'del', hostSide]).catch(() => undefined)
  }
  try {
    // A fresh server has no administrator password: vpncmd sets one without being asked for any.
    const adminPassword = `se-${Date.now().toString(36)}-admin`
    const until = Date.now() + 20_000
    for (;;) {
      const set = await run(inServer[0]!, [...inServer.slice(1), 'vpncmd', 'localhost:5555', '/SERVER', '/CMD', 'ServerPasswordSet', adminPassword]).then(
        ({ stdout }) => /completed successfully/.test(stdout),
        () => false,
      )
      if (set) break
      if (Date.now() > until) throw new Error(`SoftEther did not take an administrator password:\n${process.output().slice(-2000)}`)
      if (process.child.exitCode !== null) await waitForOutput(process, /$^/, { timeoutMs: 1 })
      await new Promise((resolve) => setTimeout(resolve, 300))
    }
    const certSha256 = await fingerprintOf(apiAddress, 5555)
    return { apiUrl: `https://${apiAddress}:5555/`, adminPassword, certSha256, vpnAddress: pair.serverAddress, hostAddress, process, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
