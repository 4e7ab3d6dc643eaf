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
