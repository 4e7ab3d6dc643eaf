// Keeps a key's country in step with its server, gives it a readable title and its place in the public lists.
import type { CollectionBeforeChangeHook } from 'payload'

import { PROTOCOL_LABELS, isProtocol } from '@/lib/keys'
import type { Reach } from '@/lib/probes/reach'
import { keyListRank } from '@/lib/keys/listOrder'

export const deriveKeyFields: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const protocol: unknown = data.protocol ?? originalDoc?.protocol
  const reach = (data.reach ?? originalDoc?.reach) as { state?: Reach | null; suspectSince?: string | null } | undefined
  const liveness = (data.liveness ?? originalDoc?.liveness) as { ok?: boolean | null } | undefined
  if (isProtocol(protocol)) data.listRank = keyListRank(protocol, reach?.state, liveness?.ok === false, Boolean(reach?.suspectSince))
  const serverRef: unknown = data.server ?? originalDoc?.server
  const serverId = typeof serverRef === 'object' && serverRef !== null ? (serverRef as { id: number }).id : serverRef
  if (typeof serverId === 'number' || typeof serverId === 'string') {
    const server = await req.payload.findByID({ collection: 'servers', id: serverId, depth: 1, req, locale: 'en' })
    const country = server.country
    data.country = typeof country === 'object' ? country.id : country
    const code = typeof country === 'object' ? country.code.toUpperCase() : ''
    const protocolLabel = isProtocol(protocol) ? PROTOCOL_LABELS[protocol] : ''
    const device = data.deviceLabel ?? originalDoc?.deviceLabel
    data.title = [code, protocolLabel, server.name, device].filter(Boolean).join(' · ')
  }
  return data
}
