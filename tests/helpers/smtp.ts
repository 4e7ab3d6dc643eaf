// A real SMTP server on loopback for tests: receives what the app sends and parses it with postal-mime.
import type { AddressInfo } from 'node:net'

import PostalMime from 'postal-mime'
import { SMTPServer } from 'smtp-server'

/** `from`: the sender's display name and address as the message's From header says. */
export type ReceivedMail = { to: string[]; from: string; subject: string; text: string; html: string }

export type TestSmtp = {
  url: string
  messages: ReceivedMail[]
  /** The newest message to this address, waiting up to five seconds for it. */
  latestTo: (address: string, since?: number) => Promise<ReceivedMail>
  close: () => Promise<void>
}

export async function startSmtp(onMessage?: (mail: ReceivedMail) => void, port = 0): Promise<TestSmtp> {
  const messages: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            const mail = {
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              from: email.from ? `${email.from.name ?? ''} <${email.from.address ?? ''}>`.trim() : '',
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
            }
            messages.push(mail)
            onMessage?.(mail)
            callback()
          },
          (error: Error) => callback(error),
        )
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    latestTo: async (address, since = 0) => {
      for (let waited = 0; waited < 5000; waited += 50) {
        const found = messages.slice(since).filter((mail) => mail.to.includes(address.toLowerCase())).at(-1)
        if (found) return found
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error(`No mail to ${address}`)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The e-mailed link's token, read from the plain-text body. */
export function tokenFromMail(mail: ReceivedMail): string {
  const match = /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(mail.text)
  if (!match?.[1]) throw new Error(`No link in mail: ${mail.text}`)
  return match[1]
}
