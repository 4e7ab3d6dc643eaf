// Two network namespaces joined by a veth pair, for VPN tests whose clients change routes (WireGuard's and OpenVPN's
// full tunnel must never touch the machine's own routes): a server side and a client side, torn down afterwards.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'

import { run } from './processes'

export type NetnsPair = {
  /** Short and unique per run: a prefix for interface names (at most 15 characters, shared across namespaces). */
  id: string
  server: string
  client: string
  serverAddress: string
  clientAddress: string
  /** A command run inside a namespace: `['ip', 'netns', 'exec', name]`. */
  inside: (name: string) => string[]
  teardown: () => Promise<void>
}

/** Why namespaces cannot be made here, or null when they can (root, `ip netns`). */
export function netnsUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'needs root (network namespaces)'
  const probe = `vkprobe${process.pid % 100000}`
  try {
    execFileSync('ip', ['netns', 'add', probe], { stdio: 'ignore' })
    execFileSync('ip', ['netns', 'del', probe], { stdio: 'ignore' })
    return null
  } catch {
    return 'this kernel or container cannot create network namespaces (ip netns add failed)'
  }
}

/**
 * Short names, random per run (a run that crashed must not block the next with "File exists"): interface names are
 * at most 15 characters and shared by userspace WireGuard across namespaces. Half made, it is torn down again.
 */
export async function netnsPair(tag: string, subnet: number): Promise<NetnsPair> {
  const id = `${tag}${randomBytes(2).toString('hex')}`
  const server = `${id}s`
  const client = `${id}c`
  const serverAddress = `10.${subnet}.0.1`
  const clientAddress = `10.${subnet}.0.2`
  const ip = (...args: string[]) => run('ip', args)
  const teardown = async () => {
    for (const name of [client, server]) {
      const pids = await run('ip', ['netns', 'pids', name]).then(({ stdout }) => stdout.split(/\s+/).filter(Boolean), () => [])
      for (const pid of pids) {
        try {
          process.kill(Number(pid), 'SIGKILL')
        } catch {
          // gone
        }
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
    for (const name of [client, server]) {
      await run('ip', ['netns', 'del', name]).catch(() => undefined)
      rmSync(`/etc/netns/${name}`, { recursive: true, force: true })
    }
  }
  try {
    await ip('netns', 'add', server)
    await ip('netns', 'add', client)
    await ip('link', 'add', `${id}vs`, 'type', 'veth', 'peer', 'name', `${id}vc`)
    await ip('link', 'set', `${id}vs`, 'netns', server)
    await ip('link', 'set', `${id}vc`, 'netns', client)
    await ip('-n', server, 'addr', 'add', `${serverAddress}/24`, 'dev', `${id}vs`)
    await ip('-n', client, 'addr', 'add', `${clientAddress}/24`, 'dev', `${id}vc`)
    for (const [name, link] of [[server, `${id}vs`], [client, `${id}vc`]] as const) {
      await ip('-n', name, 'link', 'set', link, 'up')
      await ip('-n', name, 'link', 'set', 'lo', 'up')
    }
    // A default route, as a real machine has: a full tunnel saves it and routes around it to the server.
    await ip('-n', client, 'route', 'add', 'default', 'via', serverAddress)
  } catch (error) {
    await teardown()
    throw error
  }
  return { id, server, client, serverAddress, clientAddress, inside: (name) => ['ip', 'netns', 'exec', name], teardown }
}
