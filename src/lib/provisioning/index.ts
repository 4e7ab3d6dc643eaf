// Issuing and revoking keys on a server through the adapter chosen for it in the admin. Only the demo
// adapter exists so far; the others (manual import, Outline, ss-manager, Xray panel) are refused clearly.
import type { Protocol } from '@/lib/keys'
import type { Server } from '@/payload-types'

import { demoServerOf, issueDemoKey } from './demo'
import type { IssuedKey } from './demo'

export type { IssuedKey } from './demo'

export class ProvisioningUnavailableError extends Error {
  override name = 'ProvisioningUnavailableError'
}

export function issueKeyOn(server: Server, countryCode: string, protocol: Protocol, lifetimeHours: number | null): Promise<IssuedKey> {
  const offered = server.protocols?.find((entry) => entry.protocol === protocol)
  if (!offered) return Promise.reject(new ProvisioningUnavailableError(`${server.name} does not offer ${protocol}`))
  switch (server.adapter) {
    case 'demo':
      return Promise.resolve(issueDemoKey({ server: demoServerOf(server, countryCode, protocol), protocol, port: offered.port, lifetimeHours }))
    default:
      return Promise.reject(new ProvisioningUnavailableError(`The ${server.adapter} adapter cannot issue keys yet`))
  }
}

/** Revokes a key on its server; demo keys exist nowhere but here, so there is nothing to do for them. */
export async function revokeKeyOn(server: Server, _providerRef: string | null | undefined): Promise<void> {
  if (server.adapter === 'demo' || server.adapter === 'manual') return
  throw new ProvisioningUnavailableError(`The ${server.adapter} adapter cannot revoke keys yet`)
}
