// Connection parameters as the text "Copy" puts on the clipboard for OpenVPN and SSTP keys.
import type { ConnectionParameters } from '@/lib/data/keys'

export type ConnectionLabels = { server: string; port: string; login: string; password: string }

/** The labels from the KeyDetails messages, as the key details show them. */
export function connectionLabels(t: (key: keyof ConnectionLabels) => string): ConnectionLabels {
  return { server: t('server'), port: t('port'), login: t('login'), password: t('password') }
}

export function connectionText(connection: ConnectionParameters, labels: ConnectionLabels): string {
  return [
    `${labels.server}: ${connection.host}`,
    `${labels.port}: ${connection.port}`,
    `${labels.login}: ${connection.login}`,
    `${labels.password}: ${connection.password}`,
  ].join('\n')
}
