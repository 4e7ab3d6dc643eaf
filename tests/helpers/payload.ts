// The Payload Local API for integration tests, on the suite's migrated and seeded database.
import type { Payload } from 'payload'
import { getLocalI18n, getPayload } from 'payload'

import type { User } from '@/payload-types'

let instance: Promise<Payload> | undefined

export async function testPayload(): Promise<Payload> {
  // Imported lazily so the config reads DATABASE_URL set by the global setup.
  instance ??= import('@payload-config').then(({ default: config }) => getPayload({ config }))
  return instance
}

let counter = 0

/** A fresh user of the given role, with a unique e-mail address. */
export async function createUser(role: User['role']): Promise<User> {
  const payload = await testPayload()
  counter += 1
  return payload.create({
    collection: 'users',
    data: { email: `${role}-${Date.now()}-${counter}@test.example`, password: 'test-password-123', role },
  })
}

/** A Local API request as `user` working in the admin in `language` (its labels and messages). */
export async function adminReq(user: User, language: 'ru' | 'en'): Promise<{ user: User & { collection: 'users' }; i18n: Awaited<ReturnType<typeof getLocalI18n>> }> {
  const payload = await testPayload()
  return { user: { ...user, collection: 'users' }, i18n: await getLocalI18n({ config: payload.config, language }) }
}

/**
 * Turns off the enabled free servers but the first `keep` (by id) and gives back what turns them on again: a rotation
 * goes through every enabled free server, and re-rotating all 36 seeded ones (about 288 keys, each issued, written and
 * later revoked) at every step of a test was most of its time. A test that rotates to check its own server keeps none.
 */
export async function setFreeServersAside(keep = 0): Promise<() => Promise<void>> {
  const payload = await testPayload()
  const enabled = await payload.find({ collection: 'servers', where: { tier: { equals: 'free' }, enabled: { equals: true } }, sort: 'id', pagination: false, depth: 0 })
  const aside = enabled.docs.slice(keep).map((server) => server.id)
  if (aside.length > 0) await payload.update({ collection: 'servers', where: { id: { in: aside } }, data: { enabled: false }, depth: 0 })
  return async () => {
    if (aside.length > 0) await payload.update({ collection: 'servers', where: { id: { in: aside } }, data: { enabled: true }, depth: 0 })
  }
}
