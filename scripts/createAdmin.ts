// `npm run create-admin -- admin@example.org`: makes (or promotes) an admin on the configured database. The
// password comes from ADMIN_PASSWORD, or is asked for without echoing it.
import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'

import { getPayload } from 'payload'

import config from '../payload.config'
import { ADMIN_PASSWORD_MIN_LENGTH, createAdmin } from '../src/lib/auth/createAdmin'

async function askPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) throw new Error('No terminal to ask for the password: set ADMIN_PASSWORD.')
  let muted = false
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk)
      done()
    },
  })
  const reader = createInterface({ input: process.stdin, output, terminal: true })
  return new Promise((resolve) => {
    reader.question(prompt, (answer) => {
      reader.close()
      process.stdout.write('\n')
      resolve(answer)
    })
    muted = true
  })
}

async function main(): Promise<void> {
  const email = process.argv[2]
  if (!email) throw new Error('Usage: npm run create-admin -- admin@example.org (password from ADMIN_PASSWORD or asked for)')
  const password = process.env.ADMIN_PASSWORD || (await askPassword(`Password for ${email} (at least ${ADMIN_PASSWORD_MIN_LENGTH} characters): `))
  const payload = await getPayload({ config })
  const result = await createAdmin(payload, { email, password })
  await payload.destroy()
  if (!result.ok) {
    throw new Error(result.error === 'invalidEmail' ? `"${email}" is not an e-mail address.` : `The password needs at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`)
  }
  console.info(`✔ ${result.email} is ${result.created ? 'a new admin' : 'now an admin, with the new password'}. Sign in at /admin.`)
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`✖ ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
