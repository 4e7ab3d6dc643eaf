// Issuing and revoking keys on a server through the adapter chosen for it in the admin.
import type { Protocol } from '@/lib/keys'
import type { Server } from '@/payload-types'

import { ProvisioningUnavailableError } from './adapter'
import type { IssuedKey, ProvisioningAdapter } from './adapter'
import { demoServerOf, issueDemoKey } from './adapters/demo/demo'
import { marzbanAdapter } from './adapters/marzban/marzban'
import { outlineAdapter } from './adapters/outline/outline'
import { remnawaveAdapter } from './adapters/remnawave/remnawave'
import { softEtherAdapter } from './adapters/softether/softEther'
import { ssManagerAdapter } from './adapters/ss-manager/ssManager'
import { threeXuiAdapter } from './adapters/3x-ui/threeXui'
import { wgEasyAdapter } from './adapters/wg-easy/wgEasy'

export { ProvisioningUnavailableError } from './adapter'
export type { IssueRequest, IssuedKey, ProvisioningAdapter } from './adapter'

const demoAdapter: ProvisioningAdapter = {
  issue: async ({ server, countryCode, protocol, port, lifetimeHours }) =>
    issueDemoKey({ server: demoServerOf(server, countryCode, protocol), protocol, port, lifetimeHours }),
  // Demo keys exist nowhere but here.
  revoke: async () => undefined,
}

const manualAdapter: ProvisioningAdapter = {
  issue: () => Promise.reject(new ProvisioningUnavailableError('Keys of a manual server are added by editors')),
  revoke: async () => undefined,
}

export function adapterFor(server: Server): ProvisioningAdapter {
  switch (server.adapter) {
    case 'demo':
      return demoAdapter
    case 'manual':
      return manualAdapter
    case 'ss-manager':
      return ssManagerAdapter
    case 'outline':
      return outlineAdapter
    // Marzban's panel: the value predates the other Xray panels and stays, stored in every database.
    case 'xray-panel':
      return marzbanAdapter
    case '3x-ui':
      return threeXuiAdapter
    case 'wg-easy':
      return wgEasyAdapter
    case 'softether':
      return softEtherAdapter
    case 'remnawave':
      return remnawaveAdapter
    default:
      return {
        issue: () => Promise.reject(new ProvisioningUnavailableError(`The ${server.adapter} adapter cannot issue keys yet`)),
        revoke: () => Promise.reject(new ProvisioningUnavailableError(`The ${server.adapter} adapter cannot revoke keys yet`)),
      }
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
