// An S3-compatible bucket for the backup drill: s3rver, a kept stand-in for Amazon S3's REST API (S3 itself cannot
// run here), on a free loopback port with its files in a throwaway folder. It takes any signature: the drill proves
// what reaches the bucket and comes back from it, not the provider's checks of the key.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import S3rver from 's3rver'

import { freePort } from '../../scripts/lib/ports'

export type TestBucket = {
  /** The variables backup.sh and restore.sh read (deploy/backup/s3.sh), for s3://BUCKET/folder. */
  env: (folder: string) => Record<string, string>
  /** Puts an object as anyone could with the key. */
  put: (key: string, body: string) => Promise<void>
  /** The names under `folder/`, sorted. */
  list: (folder: string) => Promise<string[]>
  close: () => Promise<void>
}

export async function startBucket(bucket = 'backups'): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), 'vpnkeys-s3-'))
  const port = await freePort()
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  await server.run()
  const origin = `http://127.0.0.1:${port}`
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
    close: async () => {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
