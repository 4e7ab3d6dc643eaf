// JSON over HTTP(S) to a VPN server's management API, with a timeout, and with the server's self-signed
// certificate pinned by its SHA-256 fingerprint when one is configured (as Outline's manager does).
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { PeerCertificate } from 'node:tls'

export class ManagementApiError extends Error {
  override name = 'ManagementApiError'
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message)
  }
}

export type ApiResponse = { status: number; body: unknown; headers: Record<string, string | string[] | undefined> }

const normalizeFingerprint = (value: string) => value.replace(/[^a-f0-9]/gi, '').toUpperCase()

export function callApi(
  url: URL,
  { method, body, headers = {}, certSha256, timeoutMs = 8000 }: { method: string; body?: unknown; headers?: Record<string, string>; certSha256?: string | null; timeoutMs?: number },
): Promise<ApiResponse> {
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
  const isHttps = url.protocol === 'https:'
  const pinned = isHttps && certSha256 ? normalizeFingerprint(certSha256) : null
  return new Promise((resolve, reject) => {
    const options = {
      method,
      headers: {
        accept: 'application/json',
        ...(payload !== undefined ? { 'content-type': headers['content-type'] ?? 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        ...headers,
      },
      timeout: timeoutMs,
      ...(pinned
        ? {
            rejectUnauthorized: false,
            checkServerIdentity: (_host: string, certificate: PeerCertificate) =>
              normalizeFingerprint(certificate.fingerprint256) === pinned ? undefined : new Error('The server certificate does not match the pinned SHA-256'),
          }
        : {}),
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
