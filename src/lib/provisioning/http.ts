// JSON over HTTP(S) to a VPN server's management API, with a timeout, and with the server's self-signed
// certificate pinned by its SHA-256 fingerprint when one is configured (as Outline's manager does).
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { connect as tlsConnect } from 'node:tls'
import type { TLSSocket } from 'node:tls'

export class ManagementApiError extends Error {
  override name = 'ManagementApiError'
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message)
  }
}

/** The server's management API address as a base URL (trailing slash, so relative paths append to it). */
export function managementBase(apiUrl: string | null | undefined, serverName: string, example: string): URL {
  const raw = apiUrl ?? ''
  try {
    const url = new URL(raw.endsWith('/') ? raw : `${raw}/`)
    if (url.protocol === 'https:' || url.protocol === 'http:') return url
  } catch {
    // reported below
  }
  throw new ManagementApiError(`${serverName}: the ${example}`, null)
}

export type ApiResponse = { status: number; body: unknown; headers: Record<string, string | string[] | undefined> }

const normalizeFingerprint = (value: string) => value.replace(/[^a-f0-9]/gi, '').toUpperCase()

/**
 * A TLS connection whose certificate has the pinned fingerprint, checked before a single byte of the
 * request (which carries the API secret) is sent. Self-signed is fine; any other certificate is refused.
 */
function pinnedSocket(url: URL, pinned: string, timeoutMs: number): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({
      host: url.hostname,
      port: Number(url.port || 443),
      servername: isIP(url.hostname) ? undefined : url.hostname,
      rejectUnauthorized: false,
    })
    const fail = (error: ManagementApiError) => {
      clearTimeout(timer)
      socket.destroy()
      reject(error)
    }
    const timer = setTimeout(() => fail(new ManagementApiError(`${url.host} did not answer within ${timeoutMs} ms`, null)), timeoutMs)
    socket.once('secureConnect', () => {
      const fingerprint = normalizeFingerprint(socket.getPeerCertificate().fingerprint256 ?? '')
      if (fingerprint !== pinned) return fail(new ManagementApiError(`${url.host}: the server certificate does not match the pinned SHA-256`, null))
      clearTimeout(timer)
      resolve(socket)
    })
    socket.once('error', (error) => fail(new ManagementApiError(`${url.host}: ${error.message}`, null)))
  })
}

export async function callApi(
  url: URL,
  { method, body, headers = {}, certSha256, timeoutMs = 8000 }: { method: string; body?: unknown; headers?: Record<string, string>; certSha256?: string | null; timeoutMs?: number },
): Promise<ApiResponse> {
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
  const isHttps = url.protocol === 'https:'
  const pinned = isHttps && certSha256 ? normalizeFingerprint(certSha256) : null
  const socket = pinned ? await pinnedSocket(url, pinned, timeoutMs) : null
  return new Promise((resolve, reject) => {
    const options = {
      method,
      headers: {
        accept: 'application/json',
        ...(payload !== undefined ? { 'content-type': headers['content-type'] ?? 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        ...headers,
      },
      timeout: timeoutMs,
      // Pinned: the request goes over the connection whose certificate was checked; otherwise normal CA checks.
      ...(socket ? { createConnection: () => socket } : {}),
    }
    const req = (isHttps ? httpsRequest : httpRequest)(url, options, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let parsed: unknown = text
        try {
          parsed = text ? JSON.parse(text) : null
        } catch {
          // not JSON: keep the text
        }
        resolve({ status: response.statusCode ?? 0, body: parsed, headers: response.headers })
      })
    })
    req.on('timeout', () => req.destroy(new ManagementApiError(`${url.host} did not answer within ${timeoutMs} ms`, null)))
    req.on('error', (error) => reject(error instanceof ManagementApiError ? error : new ManagementApiError(`${url.host}: ${error.message}`, null)))
    if (payload !== undefined) req.write(payload)
    req.end()
  })
}
