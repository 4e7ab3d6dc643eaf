// Who may receive marketing e-mail: only accounts that switched consent on and are not being deleted.
// Every marketing sender goes through this, so withdrawing consent stops such mail at once. The consent
// flag is the only marketing data kept; switching it off removes it (well within the 2 days of spec §9).
import type { Payload } from 'payload'

export async function marketingAudience(payload: Payload): Promise<{ email: string; locale: 'ru' | 'en' }[]> {
  const users = await payload.find({
    collection: 'users',
    where: { and: [{ marketingConsent: { equals: true } }, { deletionRequestedAt: { exists: false } }, { role: { equals: 'customer' } }] },
    pagination: false,
    depth: 0,
    select: { email: true, locale: true },
  })
  return users.docs.map((user) => ({ email: user.email, locale: user.locale === 'en' ? 'en' : 'ru' }))
}
