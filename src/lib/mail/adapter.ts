// A Payload e-mail adapter with its sendEmail wrapped: what the site adds around every message (who it is from, the
// count of sent and failed ones) without a copy of the adapter's plumbing each time.
import type { EmailAdapter, Payload } from 'payload'

type Initialized<T> = ReturnType<EmailAdapter<T>>
type Message = Parameters<Initialized<unknown>['sendEmail']>[0]

export async function aroundSendEmail<T>(
  adapter: EmailAdapter<T> | Promise<EmailAdapter<T>>,
  around: (message: Message, send: (message: Message) => Promise<T>, context: { payload: Payload; adapter: Initialized<T> }) => Promise<T>,
): Promise<EmailAdapter<T>> {
  const resolved = await adapter
  return (args) => {
    const initialized = resolved(args)
    return { ...initialized, sendEmail: (message) => around(message, (sent) => initialized.sendEmail(sent), { payload: args.payload, adapter: initialized }) }
  }
}
