// After a public-facing document changes, drop the cached public pages that show it.
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook } from 'payload'

import { revalidatePublic } from '@/lib/data/revalidate'
import type { RevalidateScope } from '@/lib/data/revalidate'

type AnyHookArgs = { req: { context: Record<string, unknown> } }

function run({ req }: AnyHookArgs, scope: RevalidateScope = 'all'): void {
  // The seed and migrations run outside Next; they set this flag to skip revalidation.
  if (req.context.disableRevalidate) return
  revalidatePublic(scope)
}

export const revalidatePublicData: CollectionAfterChangeHook & CollectionAfterDeleteHook = (args) => {
  run(args)
  return args.doc
}

export const revalidatePublicGlobal: GlobalAfterChangeHook = (args) => {
  run(args)
  return args.doc
}

/** For keys and servers: they only feed the key lists, key pages and feeds, so the rest stays cached. */
export const revalidateKeyData: CollectionAfterChangeHook & CollectionAfterDeleteHook = (args) => {
  run(args, 'keys')
  return args.doc
}
