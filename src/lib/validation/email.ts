// The one e-mail rule (checkEmail.ts) and the same rule as a zod schema for the server's forms.
import { z } from 'zod'

import { checkEmail } from './checkEmail'

export { checkEmail, EMAIL_MAX_LENGTH } from './checkEmail'
export type { EmailCheck, EmailError } from './checkEmail'

/** The same rule as a zod schema; the issue message is the key of a localized text (Validation namespace). */
export const emailSchema = z.unknown().transform((value, context) => {
  const result = checkEmail(value)
  if (!result.ok) {
    context.addIssue({ code: 'custom', message: result.error })
    return z.NEVER
  }
  return result.email
})
