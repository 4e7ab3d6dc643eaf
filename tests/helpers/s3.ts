// An S3-compatible bucket for the backup drill: s3rver, a kept stand-in for Amazon S3's REST API (S3 itself cannot
// run here), on a free loopback port with its files in a throwaway folder. It takes any signature and grants every
// operation: the drill proves what reaches the bucket and comes back from it, and which operations a run asked for
// (what a key limited to them would allow), not the provider's checks of the key.
import { mkdtempSync, rmSync } from 'node:fs'
import type { IncomingMessage, Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'

import S3rver from 's3rver'

import { freePort } from '../../scripts/lib/ports'

export type TestBucket = {
  /** The variables backup.sh and restore.sh read (deploy/backup/s3.sh), for s3://BUCKET/folder. */
  env: (folder: string) => Record<string, string>
  /** Puts an object as anyone could with the key. */
  put: (key: string, body: string | Uint8Array<ArrayBuffer>) => Promise<void>
  /** The names under `folder/`, sorted. */
  list: (folder: string) => Promise<string[]>
  /** An object's bytes. */
  get: (key: string) => Promise<Buffer>
  /** The requests the bucket was sent since the last call (this helper's own too): method and path, e.g. `PUT /backups/site/x.dump`. */
  takeRequests: () => string[]
  close: () => Promise<void>
}

export async function startBucket(bucket = 'backups'): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), 'vpnkeys-s3-'))
  const port = await freePort()
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  await server.run()
  const origin = `http://127.0.0.1:${port}`
  // s3rver's own HTTP server (not in its types): each request as it arrives, before s3rver answers it.
  let requests: string[] = []
  const httpServer = (server as unknown as { httpServer: Server }).httpServer
  httpServer.prependListener('request', (request: IncomingMessage) => requests.push(`${request.method} ${request.url}`))
  return {
    env: (folder) => ({
      BACKUP_S3_URL: `s3://${bucket}/${folder}`,
      BACKUP_S3_ENDPOINT: origin,
      BACKUP_S3_REGION: 'us-east-1',
      BACKUP_S3_ACCESS_KEY_ID: 'S3RVER',
      BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    put: async (key, body) => {
      const response = await fetch(`${origin}/${bucket}/${key}`, { method: 'PUT', body })
      if (!response.ok) throw new Error(`S3 PUT ${key}: ${response.status}`)
    },
    list: async (folder) => {
      const xml = await (await fetch(`${origin}/${bucket}?list-type=2&prefix=${encodeURIComponent(`${folder}/`)}`)).text()
      return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]!.slice(folder.length + 1)).sort()
    },
    get: async (key) => {
      const response = await fetch(`${origin}/${bucket}/${key}`)
      if (!response.ok) throw new Error(`S3 GET ${key}: ${response.status}`)
      return Buffer.from(await response.arrayBuffer())
    },
    takeRequests: () => {
      const taken = requests
      requests = []
      return taken
    },
    close: async () => {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
