// The end-to-end tests' web server: a test SMTP server that files each message under .test/mail,
// then the site itself (production build, throwaway database) sending its mail there.
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { startSmtp } from './smtp'

const root = path.resolve(import.meta.dirname, '../..')
const mailDir = path.join(root, '.test', 'mail')

async function main(): Promise<void> {
  mkdirSync(mailDir, { recursive: true })
  let count = 0
  const smtp = await startSmtp((mail) => {
    count += 1
    writeFileSync(path.join(mailDir, `${String(count).padStart(4, '0')}.json`), JSON.stringify(mail))
  })
  const site = spawn(process.execPath, ['--import', 'tsx', 'scripts/run.ts', 'start'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SMTP_URL: smtp.url },
  })
  const stop = () => site.kill('SIGTERM')
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  site.once('exit', (code) => {
    void smtp.close().then(() => process.exit(code ?? 0))
  })
}

void main()
