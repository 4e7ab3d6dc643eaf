// POST /api/probes/:id/token: an admin issues a probe's token, answered this once; the site keeps only its hash, and
// the probe's previous token stops working at once.
import type { PayloadHandler } from 'payload'

import { adminT } from '@/lib/admin/adminMessages'
import { isCrossSiteRequest } from '@/lib/http/sameSite'
import { newProbeToken } from '@/lib/probes/token'

import { isAdminUser } from '../access/roles'

export const issueProbeToken: PayloadHandler = async (req) => {
  if (!isAdminUser(req.user)) return Response.json({ error: 'forbidden' }, { status: 403 })
  if (isCrossSiteRequest(req.headers)) return Response.json({ error: 'crossSiteRequest' }, { status: 403 })
  const id = Number(req.routeParams?.id)
  const probe = Number.isSafeInteger(id) && id > 0 ? await req.payload.findByID({ collection: 'probes', id, depth: 0, disableErrors: true }) : null
  if (!probe) return Response.json({ error: adminT(req)('probes.notFound') }, { status: 404 })
  const { token, hash } = newProbeToken()
  await req.payload.db.updateOne({ collection: 'probes', id, data: { tokenHash: hash, tokenIssuedAt: new Date().toISOString() }, returning: false })
  return Response.json({ token }, { headers: { 'Cache-Control': 'no-store' } })
}
