// A probe's OpenVPN check (src/probe/openvpn.ts) of one profile, run where the test puts it (inside a network
// namespace, as a probe runs inside its network): `node --import tsx tests/helpers/openvpnReset.ts PROFILE TIMEOUT_MS`
// prints the result as one JSON line.
import { readFile } from 'node:fs/promises'

import { checkOpenVpnReset } from '../../src/probe/openvpn'

const [file, timeout] = process.argv.slice(2)
if (!file) throw new Error('usage: openvpnReset.ts PROFILE [TIMEOUT_MS]')
const result = await checkOpenVpnReset(await readFile(file, 'utf8'), Number(timeout ?? 3000))
console.info(JSON.stringify(result))
