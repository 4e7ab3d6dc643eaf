// A password login for an address without an account takes as long as one for an address with an account:
// otherwise the time of a wrong-password answer tells who has an account (Payload hashes a guess only when the
// address is known). The work is Payload's own password hash (PBKDF2-SHA256, 600,000 rounds, 32 bytes: its
// `pbkdf2-sha256-v1` hashes in auth/strategies/local/generatePasswordSaltHash), on a throwaway salt.
import { pbkdf2, randomBytes } from 'node:crypto'
import { promisify } from 'node:util'

const PAYLOAD_HASH_ROUNDS = 600_000
const PAYLOAD_HASH_BYTES = 32

const pbkdf2Async = promisify(pbkdf2)

export async function spendPasswordCheck(password: string): Promise<void> {
  await pbkdf2Async(password, randomBytes(32).toString('hex'), PAYLOAD_HASH_ROUNDS, PAYLOAD_HASH_BYTES, 'sha256')
}
