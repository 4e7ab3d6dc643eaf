// The end-to-end tests' web server: a test SMTP server that files each message under .test/mail, the site
// itself (production build, throwaway database) sending its mail there, and Debian's nginx in front of it on
// the public port (E2E_PORT), configured from deploy/nginx's template.
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { freePort } from '../../scripts/lib/ports'

import { startNginx } from './nginx'
import { startSmtp } from './smtp'

const root = path.resolve(import.meta.dirname, '../..')
const mailDir = path.join(root, '.test', 'mail')

async function main(): Promise<void> {
  mkdirSync(mailDir, { recursive: true })
  let count = 0
  const smtp = await startSmtp((mail) => {
    count += 1
    // Two servers (one per payment provider) file into one directory: each under its port.
    writeFileSync(path.join(mailDir, `${process.env.E2E_PORT}-${String(count).padStart(4, '0')}.json`), JSON.stringify(mail))
  })
  const appPort = await freePort()
  const site = spawn(process.execPath, ['--import', 'tsx', 'scripts/run.ts', 'start'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SMTP_URL: smtp.url, PORT: String(appPort) },
  })
  const nginx = await startNginx({
    dir: path.join(root, '.test', `nginx-${process.env.E2E_PORT}`),
    listenPort: Number(process.env.E2E_PORT),
    upstreams: [`127.0.0.1:${appPort}`],
  })
  const stop = () => site.kill('SIGTERM')
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  site.once('exit', (code) => {
    void Promise.all([smtp.close(), nginx.close()]).then(() => process.exit(code ?? 0))
  })
}

void main()
