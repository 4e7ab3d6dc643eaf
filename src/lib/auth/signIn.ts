// The answer that signs a user in: a new Payload session's cookie and the signed-in marker the cached pages read.
// Signing in again while a deletion is pending restores the account (the page before the button said so).
import type { NextResponse } from 'next/server'
import type { Payload } from 'payload'

import type { User } from '@/payload-types'

import { restoreAccount } from './accountDeletion'
import { startSession } from './session'
import { signedInCookie } from './signedInMarker'

export async function signIn(payload: Payload, user: User, response: NextResponse): Promise<NextResponse> {
  if (user.deletionRequestedAt) await restoreAccount(payload, user.id)
  response.headers.append('Set-Cookie', await startSession(payload, user.id))
  response.headers.append('Set-Cookie', signedInCookie(payload.collections.users.config.auth.tokenExpiration))
  return response
}
