// Where scripts/run.ts keeps local data and where `npm run backup` writes: an empty variable (as copied from
// .env.example) means the documented default, never the checkout itself.
import path from 'node:path'

/** Outside the code, where compose's backup service writes too (BACKUP_HOST_DIR's default). */
export const PRODUCTION_BACKUP_DIR = '/var/backups/vpnkeys'

type Variables = Record<string, string | undefined>

const given = (value: string | undefined) => (value?.trim() ? value.trim() : undefined)

/** DATA_DIR, default .data: the embedded database and the generated local secret. */
export function dataDirOf(root: string, env: Variables): string {
  return path.resolve(root, given(env.DATA_DIR) ?? '.data')
}

/** BACKUP_DIR, default <DATA_DIR>/backups, or PRODUCTION_BACKUP_DIR in strict production. */
export function backupDirOf({ root, env, isStrictProduction }: { root: string; env: Variables; isStrictProduction: boolean }): string {
  const explicit = given(env.BACKUP_DIR)
  if (explicit) return path.resolve(root, explicit)
  return isStrictProduction ? PRODUCTION_BACKUP_DIR : path.join(dataDirOf(root, env), 'backups')
}
