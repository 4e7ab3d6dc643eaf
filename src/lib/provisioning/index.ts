// Issuing and revoking keys on a server through the adapter chosen for it in the admin.
import type { Protocol } from '@/lib/keys'
import type { Server } from '@/payload-types'

import { ProvisioningUnavailableError } from './adapter'
import type { IssuedKey, ProvisioningAdapter } from './adapter'
import { adapterDefinition } from './adapters'

export { ProvisioningUnavailableError } from './adapter'
export type { IssueRequest, IssuedKey, ProvisioningAdapter } from './adapter'

/** The adapter of the kind of server `server` is (src/lib/provisioning/adapters/). */
export function adapterFor(server: Server): ProvisioningAdapter {
  const definition = adapterDefinition(server.adapter)
  if (definition) return definition.adapter
  return {
    issue: () => Promise.reject(new ProvisioningUnavailableError(`The ${server.adapter} adapter cannot issue keys yet`)),
    revoke: () => Promise.reject(new ProvisioningUnavailableError(`The ${server.adapter} adapter cannot revoke keys yet`)),
  }
}

export function issueKeyOn(
  server: Server,
  countryCode: string,
  protocol: Protocol,
  lifetimeHours: number | null,
  inUse: string[] = [],
): Promise<IssuedKey> {
  const offered = server.protocols?.find((entry) => entry.protocol === protocol)
  if (!offered) return Promise.reject(new ProvisioningUnavailableError(`${server.name} does not offer ${protocol}`))
  const label = `${countryCode.toUpperCase()} ${protocol}`
  return adapterFor(server).issue({ server, countryCode, protocol, port: offered.port, lifetimeHours, inUse, label })
}

/** Revokes a key on its server (a no-op for demo and manual servers). */
export function revokeKeyOn(server: Server, providerRef: string | null | undefined): Promise<void> {
  if (!providerRef) return Promise.resolve()
  return adapterFor(server).revoke(server, providerRef)
}

/**
 * Records a key just issued on its server. If recording fails, the key is revoked on the server again: a
 * working key the site does not know of could never be revoked, nor counted against the server's ports.
 */
export async function recordIssuedKey<T>(server: Server, issued: Pick<IssuedKey, 'providerRef'>, record: () => Promise<T>): Promise<T> {
  try {
    return await record()
  } catch (error) {
    await revokeUnrecordedKey(server, issued)
    throw error
  }
}

/** Takes back a key that was issued but could not be recorded; a failure here is logged (nothing else can be done). */
export async function revokeUnrecordedKey(server: Server, issued: Pick<IssuedKey, 'providerRef'>): Promise<void> {
  await revokeKeyOn(server, issued.providerRef).catch((revokeError: unknown) => {
    console.error(`A key issued on ${server.name} could not be recorded nor revoked (${String(issued.providerRef)}):`, revokeError)
  })
}
