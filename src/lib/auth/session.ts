// Signs a user in without a password: a real Payload session (revocable, ends at logout) and its cookie.
import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'
import { createLocalReq, getFieldsToSign, jwtSign } from 'payload'
import { addSessionToUser, generatePayloadCookie } from 'payload/shared'

import type { User } from '@/payload-types'

/** The Set-Cookie value for a new session of this user. */
export async function startSession(payload: Payload, userId: number): Promise<string> {
  const collectionConfig = payload.collections.users.config
  const req = await createLocalReq({}, payload)
  const user = (await payload.findByID({ collection: 'users', id: userId, depth: 0, showHiddenFields: true, req })) as User & {
    collection: 'users'
  }
  const { sid } = await addSessionToUser({ collectionConfig, payload, req, user })
  const fieldsToSign = getFieldsToSign({ collectionConfig, email: user.email, user, sid })
  const { token } = await jwtSign({ fieldsToSign, secret: payload.secret, tokenExpiration: collectionConfig.auth.tokenExpiration })
  return generatePayloadCookie({ collectionAuthConfig: collectionConfig.auth, cookiePrefix: payload.config.cookiePrefix, token }) as string
}

/** Accounts made from an e-mail link still need a password for Payload's local strategy: an unguessable one nobody knows. */
export function unusablePassword(): string {
  return randomBytes(32).toString('base64url')
}
