// After a public-facing document changes, drop the cached public pages that show it.
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook } from 'payload'

import { revalidatePublic } from '@/lib/data/revalidate'

type AnyHookArgs = { req: { context: Record<string, unknown> } }

function run({ req }: AnyHookArgs): void {
  // The seed and migrations run outside Next; they set this flag to skip revalidation.
  if (req.context.disableRevalidate) return
  revalidatePublic()
}

export const revalidatePublicData: CollectionAfterChangeHook & CollectionAfterDeleteHook = (args) => {
  run(args)
  return args.doc
}

export const revalidatePublicGlobal: GlobalAfterChangeHook = (args) => {
  run(args)
  return args.doc
}
