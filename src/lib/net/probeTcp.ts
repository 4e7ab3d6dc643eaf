// A TCP connection opened and closed: how long it took, or null when it could not be opened in time. Shared by the
// servers' port check and the probes (which load nothing of Payload).
import { connect } from 'node:net'

export function probeTcp(host: string, port: number, timeoutMs = 5_000): Promise<number | null> {
  return new Promise((resolve) => {
    const started = performance.now()
    const socket = connect({ host, port })
    const done = (latency: number | null) => {
      socket.destroy()
      resolve(latency)
    }
    socket.setTimeout(timeoutMs, () => done(null))
    socket.once('connect', () => done(Math.round(performance.now() - started)))
    socket.once('error', () => done(null))
  })
}
