// Reads the messages the e2e web server's SMTP server received (see tests/helpers/e2eSites.ts).
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

import type { ReceivedMail } from '../helpers/smtp'

const mailDir = path.resolve(import.meta.dirname, '../../.test/mail')

/** The newest message to this address (with this subject, when given: one sent later than others may be awaited). */
export async function latestMailTo(address: string, subject?: string): Promise<ReceivedMail> {
  for (let waited = 0; waited < 10_000; waited += 200) {
    const files = (await readdir(mailDir).catch(() => [])).sort().reverse()
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(mailDir, file), 'utf8')) as ReceivedMail
      if (mail.to.includes(address.toLowerCase()) && (subject === undefined || mail.subject === subject)) return mail
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`No mail to ${address}${subject === undefined ? '' : ` with the subject ${subject}`}`)
}

/** Every message to this address received so far, without waiting. */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const files = await readdir(mailDir).catch(() => [])
  const mails = await Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(mailDir, file), 'utf8')) as ReceivedMail))
  return mails.filter((mail) => mail.to.includes(address.toLowerCase()))
}

export function linkFromMail(mail: ReceivedMail): string {
  const match = /https?:\/\/\S+\/verify-email\/[A-Za-z0-9_-]{43}/.exec(mail.text)
  if (!match) throw new Error(`No link in: ${mail.text}`)
  return match[0]
}

/** The one-time code of the mail's link, as its page posts it to /api/auth/confirm. */
export function linkCode(mail: ReceivedMail): string {
  return new URL(linkFromMail(mail)).pathname.split('/').pop()!
}
