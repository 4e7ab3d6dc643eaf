// shadowsocks-libev's ss-manager: one port per key, added and removed over its UDP control socket
// (`add: {"server_port": N, "password": "…"}` / `remove: {"server_port": N}`, each answered "ok").
import { createSocket } from 'node:dgram'

import { buildShadowsocksUri, generatePassword, isShadowsocksMethod } from '@/lib/keys'
import type { Server } from '@/payload-types'

import type { IssueRequest, ProvisioningAdapter } from '../../adapter'

const TIMEOUT_MS = 3000

export class SsManagerError extends Error {
  override name = 'SsManagerError'
}

function managerAddress(server: Server): { host: string; port: number } {
  const url = server.credentials?.apiUrl
  const match = url ? /^udp:\/\/([^:/]+):(\d{1,5})\/?$/.exec(url) : null
  if (!match) throw new SsManagerError(`${server.name}: the ss-manager address must look like udp://10.0.0.2:6001`)
  return { host: match[1]!, port: Number(match[2]) }
}

function portRange(server: Server): [number, number] {
  const match = /^(\d{1,5})-(\d{1,5})$/.exec(server.credentials?.portRange ?? '')
  const from = Number(match?.[1])
  const to = Number(match?.[2])
  if (!match || from < 1 || to > 65535 || from > to) throw new SsManagerError(`${server.name}: set the key port range, e.g. 20000-20999`)
  return [from, to]
}

/** Sends one command and waits for the manager's answer. */
export function ssManagerCommand(address: { host: string; port: number }, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createSocket(address.host.includes(':') ? 'udp6' : 'udp4')
    const timer = setTimeout(() => {
      socket.close()
      reject(new SsManagerError(`ss-manager at ${address.host}:${address.port} did not answer within ${TIMEOUT_MS} ms`))
    }, TIMEOUT_MS)
    socket.once('message', (message) => {
      clearTimeout(timer)
      socket.close()
      resolve(message.toString('utf8').trim())
    })
    socket.once('error', (error) => {
      clearTimeout(timer)
      socket.close()
      reject(error)
    })
    socket.send(command, address.port, address.host)
  })
}

async function expectOk(server: Server, command: string): Promise<void> {
  const answer = await ssManagerCommand(managerAddress(server), command)
  if (answer !== 'ok') throw new SsManagerError(`${server.name}: ss-manager answered "${answer.slice(0, 80)}" to ${command.split(':')[0]}`)
}

/** ss-manager serves each key on its own port: its health is whether the manager answers `ping` with stats. */
export async function pingSsManager(server: Server): Promise<number | null> {
  const started = performance.now()
  try {
    const answer = await ssManagerCommand(managerAddress(server), 'ping')
    return answer.startsWith('stat') ? Math.round(performance.now() - started) : null
  } catch {
    return null
  }
}

export const ssManagerAdapter: ProvisioningAdapter = {
  async issue({ server, protocol, lifetimeHours, inUse, label }: IssueRequest) {
    if (protocol !== 'outline') throw new SsManagerError(`${server.name}: ss-manager serves shadowsocks (outline) keys only`)
    const method = server.credentials?.method ?? ''
    if (!isShadowsocksMethod(method)) throw new SsManagerError(`${server.name}: unsupported shadowsocks cipher "${method}"`)
    const [from, to] = portRange(server)
    const taken = new Set(inUse)
    let port = from
    while (port <= to && taken.has(String(port))) port += 1
    if (port > to) throw new SsManagerError(`${server.name}: every port in ${from}-${to} has a key`)
    const password = generatePassword()
    await expectOk(server, `add: ${JSON.stringify({ server_port: port, password })}`)
    return {
      keyString: buildShadowsocksUri({ method, password, host: server.host, port, outline: true, name: label }),
      configFile: null,
      connection: null,
      expiresAt: lifetimeHours === null ? null : new Date(Date.now() + lifetimeHours * 3_600_000),
      providerRef: String(port),
    }
  },

  async revoke(server, providerRef) {
    const port = Number(providerRef)
    if (!Number.isInteger(port) || port < 1 || port > 65535) return
    await expectOk(server, `remove: ${JSON.stringify({ server_port: port })}`)
  },
}
