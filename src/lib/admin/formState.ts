// The admin's form-state server function (wrapped in src/app/(payload)/layout.tsx), with two of Payload 3.90's
// false signals taken out.
//
// 1. Errors wiped by a late answer. While an editor types, Payload asks the server for the form's state without
// validating (`skipValidation` until the form was first submitted). A save clicked before that answer arrives gets
// its field errors back first; the late, unvalidated answer then marks every field valid again, and the editor is
// left with the "invalid field" toast and no field marked (a price typed as a word). Here every answer validates:
// errors still show only after a submit (Payload's fields show an error only once the form was submitted), and any
// answer, early or late, carries them.
//
// 2. Payload's "this document was recently updated by another user" check, without its false alarm after the editor's
// own "Publish" of one language. With drafts, localization and `defaultLocalePublishOption: 'active'` (payload.config),
// Payload 3.90 publishes the language being edited and then writes a draft snapshot of the others as the document's
// newest version, with a later updatedAt than the one the form got back; the check compares the form's updatedAt with
// that snapshot's and shows the editor's own publish as someone else's change (payloadcms/payload#16376, open). The
// wrapper clears exactly that case: the
// published document is the one the form holds, and the newest version is such a snapshot. Another person's draft
// (a newer version that is no snapshot) or publish (a newer published document) is still reported. Drop this when
// Payload's own check knows the snapshot.
import { buildFormStateHandler } from '@payloadcms/ui/utilities/buildFormState'
import type { CollectionSlug, PayloadRequest, ServerFunction } from 'payload'

type StaleState = { currentUpdatedAt?: string; isStale: boolean }
type FormStateArgs = { id?: number | string; collectionSlug?: CollectionSlug; originalUpdatedAt?: string }

/** True when the only newer thing than the form's document is the draft snapshot its own single-language publish wrote. */
export async function isOwnPublishSnapshot(req: PayloadRequest, collection: CollectionSlug, id: number | string, originalUpdatedAt: string): Promise<boolean> {
  const published = await req.payload.findByID({ collection, id, depth: 0, draft: false, overrideAccess: false, user: req.user, select: { updatedAt: true }, disableErrors: true })
  if (!published || (published as { updatedAt?: string }).updatedAt !== originalUpdatedAt) return false
  const { docs } = await req.payload.db.findVersions({ collection, where: { parent: { equals: id } }, sort: '-updatedAt', limit: 1, req })
  return (docs[0] as { snapshot?: boolean | null } | undefined)?.snapshot === true
}

export const adminFormState: ServerFunction = async (args) => {
  const handlerArgs = { ...args, skipValidation: false } as Parameters<typeof buildFormStateHandler>[0]
  const result = (await buildFormStateHandler(handlerArgs)) as { staleDataState?: StaleState } | undefined
  const { id, collectionSlug, originalUpdatedAt } = args as FormStateArgs
  if (!result?.staleDataState?.isStale || !collectionSlug || id === undefined || !originalUpdatedAt) return result
  if (!(await isOwnPublishSnapshot(args.req, collectionSlug, id, originalUpdatedAt))) return result
  return { ...result, staleDataState: { currentUpdatedAt: originalUpdatedAt, isStale: false } }
}
