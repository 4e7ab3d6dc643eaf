// A throwaway certificate authority for tests that run real TLS and VPN servers: a CA, a server certificate for
// `vpn.test` and the given addresses, and a client certificate (OpenVPN), made with openssl in about 100 ms.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { run } from './processes'

export const TEST_SERVER_NAME = 'vpn.test'

export type TestPki = {
  dir: string
  files: { ca: string; serverCert: string; serverKey: string; clientCert: string; clientKey: string }
  pem: { ca: string; clientCert: string; clientKey: string }
  /** Deletes the folder with its keys. */
  remove: () => Promise<void>
}

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes']

async function signed(dir: string, name: string, subject: string, extensions: string): Promise<void> {
  await run('openssl', ['req', ...EC, '-subj', subject, '-keyout', `${name}.key`, '-out', `${name}.csr`], { cwd: dir })
  await writeFile(path.join(dir, `${name}.ext`), extensions)
  await run('openssl', ['x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2', '-extfile', `${name}.ext`, '-out', `${name}.crt`], { cwd: dir })
}

export async function makeTestPki(addresses: string[] = ['127.0.0.1'], names: string[] = []): Promise<TestPki> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vpnkeys-pki-'))
  await run(
    'openssl',
    ['req', '-x509', ...EC, '-days', '2', '-subj', '/CN=VPN keys test CA', '-keyout', 'ca.key', '-out', 'ca.crt', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
    { cwd: dir },
  )
  const altNames = [`DNS:${TEST_SERVER_NAME}`, ...names.map((name) => `DNS:${name}`), ...addresses.map((address) => `IP:${address}`)].join(',')
  await signed(dir, 'server', `/CN=${TEST_SERVER_NAME}`, `subjectAltName=${altNames}\nextendedKeyUsage=serverAuth\nkeyUsage=critical,digitalSignature,keyAgreement\nbasicConstraints=CA:FALSE\n`)
  await signed(dir, 'client', '/CN=client', 'extendedKeyUsage=clientAuth\nkeyUsage=critical,digitalSignature,keyAgreement\nbasicConstraints=CA:FALSE\n')
  const file = (name: string) => path.join(dir, name)
  return {
    dir,
    files: { ca: file('ca.crt'), serverCert: file('server.crt'), serverKey: file('server.key'), clientCert: file('client.crt'), clientKey: file('client.key') },
    pem: { ca: await readFile(file('ca.crt'), 'utf8'), clientCert: await readFile(file('client.crt'), 'utf8'), clientKey: await readFile(file('client.key'), 'utf8') },
    remove: () => rm(dir, { recursive: true, force: true }),
  }
}
