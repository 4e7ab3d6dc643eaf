// Every kind of server the admin can choose, in the order the admin lists them. The choice's options, the server's
// credential fields and the docs' table (docs/operating/panels.md) are built from this list; adding an adapter is
// its folder, a line here, and the migration that adds its value (CONTRIBUTING.md).
import type { AdapterDefinition, Credential } from '../adapter'
import { threeXui } from './3x-ui'
import { demo } from './demo'
import { manual } from './manual'
import { marzban } from './marzban'
import { outline } from './outline'
import { remnawave } from './remnawave'
import { softEther } from './softether'
import { ssManager } from './ss-manager'
import { wgEasy } from './wg-easy'

export const ADAPTERS = [manual, outline, ssManager, marzban, threeXui, wgEasy, softEther, remnawave, demo] as const satisfies readonly AdapterDefinition[]

export type AdapterValue = (typeof ADAPTERS)[number]['value']

/** The adapter a server's stored value names, if the site has it. */
export function adapterDefinition(value: string | null | undefined): AdapterDefinition | undefined {
  return ADAPTERS.find((entry) => entry.value === value)
}

/** The adapters that read `credential`. */
export function adaptersReading(credential: Credential): AdapterValue[] {
  return ADAPTERS.filter((entry) => credential in entry.credentials).map((entry) => entry.value)
}
