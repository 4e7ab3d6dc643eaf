// Starts the site the zero-config way: embedded PostgreSQL unless DATABASE_URL is set,
// migrations, the demo seed on an empty database, then Next.js (dev or production).
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

import nextEnv from '@next/env'

import { DEMO_ACCOUNTS, demoSeedRefusal } from '../src/seed/accounts'
import { describeMailDestination } from '../src/lib/mail/transport'
import { EnvError, parseEnv } from '../src/lib/env'
import { backupDirOf, dataDirOf } from './lib/dataDirs'
import { nodeVerdict } from './lib/nodeVersion'
import { libpqEnv } from './lib/libpq'
import { freePort } from './lib/ports'
import { startEmbeddedPostgres, stopPostgresOnSignalsYourself } from './lib/postgres'
import { startStripeDouble } from './lib/stripeDouble'
import type { StripeDouble } from './lib/stripeDouble'
import { startYooKassaDouble } from './lib/yookassaDouble'
import type { YooKassaDouble } from './lib/yookassaDouble'
import { serverBundlePath } from './lib/serverBundle'
import { moduleConditions, runCompiledScript, runTsScript } from './lib/tsChild'
import type { RunningPostgres } from './lib/postgres'

type Mode = 'dev' | 'start' | 'seed' | 'migrate' | 'payload' | 'create-admin' | 'backup' | 'restore'

const root = path.resolve(import.meta.dirname, '..')

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`)
  process.exit(1)
}

async function localSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'payload-secret')
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim()
  const secret = randomBytes(32).toString('hex')
  await mkdir(dataDir, { recursive: true })
  await writeFile(file, secret, { mode: 0o600 })
  return secret
}

async function sitePort(): Promise<number> {
  const explicit = process.env.PORT
  const wanted = Number(explicit ?? 3000)
  const port = await freePort(wanted, '0.0.0.0')
  if (port === wanted) return wanted
  if (explicit) fail(`Port ${wanted} is already in use. Stop what is using it or set PORT to a free port.`)
  console.info(`Port ${wanted} is in use; using free port ${port} instead.`)
  return port
}

function runChild(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [...moduleConditions(env), ...args], { cwd: root, env, stdio: 'inherit' })
}

function waitForExit(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))))
}

async function main(): Promise<void> {
  const mode = process.argv[2] as Mode
  if (!['dev', 'start', 'seed', 'migrate', 'payload', 'create-admin', 'backup', 'restore'].includes(mode)) fail(`Unknown mode "${String(mode)}"`)
  const isDev = mode === 'dev'
  nextEnv.loadEnvConfig(root, isDev)
  const dataDir = dataDirOf(root, process.env)
  // `npm start` serves the production build; `npm run dev`, `seed` and `migrate` work in development.
  const nodeEnv = mode === 'start' ? 'production' : (process.env.NODE_ENV ?? 'development')
  const childEnv: NodeJS.ProcessEnv = { NEXT_TELEMETRY_DISABLED: '1', ...process.env, NODE_ENV: nodeEnv }

  let env
  try {
    env = parseEnv(childEnv)
  } catch (error) {
    if (error instanceof EnvError) fail(error.message)
    throw error
  }
  const node = nodeVerdict(process.version, { isProduction: env.isStrictProduction })
  if (!node.ok) fail(node.line)
  if (node.warning) console.warn(`! ${node.warning}`)
  // `npm start` runs what `npm run build` compiled (scripts/lib/serverBundle.ts); the other modes run the sources.
  const compiled = mode === 'start'
  if (compiled && !existsSync(serverBundlePath(root, 'main'))) fail('There is no production build here: run `npm run build` first, then `npm start`.')

  // What this run started, so a signal or a failure can stop it in order.
  const running: { postgres?: RunningPostgres; site?: ChildProcess; stripe?: StripeDouble; yookassa?: YooKassaDouble } = {}
  // Once: a signal and the site's own exit (which the signal causes) both end here, and the first one's code counts.
  let stopping: Promise<void> | undefined
  const shutdown = (code: number) => (stopping ??= stopAll(code))
  const stopAll = async (code: number) => {
    const { site, postgres, stripe, yookassa } = running
    if (site && site.exitCode === null) {
      site.kill('SIGTERM')
      await waitForExit(site)
    }
    await stripe?.close()
    await yookassa?.close()
    await postgres?.stop()
    process.exit(code)
  }
  process.on('exit', () => running.site?.kill('SIGTERM'))
  stopPostgresOnSignalsYourself()
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(0))

  // Check the site's port before starting anything that would need stopping.
  const port = mode === 'dev' || mode === 'start' ? await sitePort() : env.PORT
  childEnv.PORT = String(port)
  childEnv.SERVER_URL ??= `http://localhost:${port}`

  if (!env.DATABASE_URL) {
    const postgres = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), database: 'vpnkeys', preferredPort: 54329 })
    running.postgres = postgres
    childEnv.DATABASE_URL = postgres.url
    console.info(`[db] embedded PostgreSQL on port ${postgres.port}, data in ${path.relative(root, dataDir) || '.'}/postgres`)
  }
  childEnv.PAYLOAD_SECRET ??= await localSecret(dataDir)

  // Backups: the same script compose's backup service runs (deploy/backup), against this database, with no migration
  // first (a restore wants the database as it was, and empty).
  if (mode === 'backup' || mode === 'restore') {
    const script = path.join(root, 'deploy', 'backup', `${mode}.sh`)
    const backupDir = backupDirOf({ root, env: process.env, isStrictProduction: env.isStrictProduction })
    const backupEnv = { ...childEnv, ...libpqEnv(childEnv.DATABASE_URL!), BACKUP_DIR: backupDir }
    const child = spawn('sh', [script, ...process.argv.slice(3)], { cwd: root, env: backupEnv, stdio: 'inherit' })
    return shutdown(await waitForExit(child))
  }

  // Demo content only where it cannot reach real users: never on strict production (src/seed refuses it there too).
  if (mode === 'seed' && env.isStrictProduction) {
    console.error(`✖ ${demoSeedRefusal(env)}`)
    return shutdown(1)
  }
  const seedPolicy = mode === 'seed' ? 'always' : mode === 'payload' ? 'migrations' : mode === 'dev' || (mode === 'start' && !env.isStrictProduction) ? 'if-empty' : 'never'
  // The scripts send no mail: the site's server checks the mail server at its start, once.
  const scriptEnv = { ...childEnv, MAIL_SKIP_VERIFY: 'true' }
  const scriptOptions = { cwd: root, env: scriptEnv, stdio: 'inherit' } as const
  const prepared = compiled ? await runCompiledScript([serverBundlePath(root, 'prepare'), seedPolicy], scriptOptions) : await runTsScript(['scripts/prepare.ts', seedPolicy], scriptOptions)
  if (prepared !== 0) return shutdown(prepared)
  if (mode === 'seed' || mode === 'migrate') return shutdown(0)
  if (mode === 'create-admin') {
    return shutdown(await runTsScript(['scripts/createAdmin.ts', ...process.argv.slice(3)], scriptOptions))
  }
  if (mode === 'payload') {
    // The Payload CLI (e.g. migrate:create) against the same database the site uses.
    const cli = runChild([path.join(root, 'node_modules', 'payload', 'bin.js'), ...process.argv.slice(3)], childEnv)
    return shutdown(await waitForExit(cli))
  }

  // Without the provider's keys, outside production: its local double behind a labelled test checkout.
  const providerName = env.paymentProvider === 'yookassa' ? 'YooKassa' : 'Stripe'
  let payments = env.billing === 'live' ? providerName : `disabled (no ${providerName} keys)`
  if (env.billing === 'disabled' && !env.isStrictProduction) {
    const serverUrl = childEnv.SERVER_URL
    const checkoutPageUrl = (id: string, locale: string) => `${serverUrl}${locale === 'en' ? '/en' : ''}/test-checkout/${id}`
    const notificationUrl = `http://127.0.0.1:${port}/api/billing/webhook`
    if (env.paymentProvider === 'yookassa') {
      const shopId = String(100_000 + randomBytes(2).readUInt16BE())
      const secretKey = `test_local_${randomBytes(18).toString('hex')}`
      running.yookassa = await startYooKassaDouble({ shopId, secretKey, notificationUrl, checkoutPageUrl, stateFile: path.join(dataDir, 'yookassa-double.json') })
      Object.assign(childEnv, { YOOKASSA_SHOP_ID: shopId, YOOKASSA_SECRET_KEY: secretKey, YOOKASSA_API_URL: `${running.yookassa.url}/v3` })
      payments = `local test checkout (YooKassa double at ${running.yookassa.url}; no money moves)`
    } else {
      const secretKey = `sk_test_local_${randomBytes(12).toString('hex')}`
      const webhookSecret = `whsec_local_${randomBytes(24).toString('hex')}`
      running.stripe = await startStripeDouble({ secretKey, webhookSecret, webhookUrl: notificationUrl, checkoutPageUrl, stateFile: path.join(dataDir, 'stripe-double.json') })
      Object.assign(childEnv, { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: running.stripe.url })
      payments = `local test checkout (Stripe double at ${running.stripe.url}; no money moves)`
    }
  }

  // The site's own server (src/server/main.ts): Next.js behind the routing decision, in development or production.
  running.site = runChild(compiled ? [serverBundlePath(root, 'main')] : ['--import', 'tsx', 'src/server/main.ts', '--dev'], childEnv)
  const showDemo = !env.isStrictProduction
  console.info(
    [
      '',
      `  Site:   ${childEnv.SERVER_URL}`,
      `  Admin:  ${childEnv.SERVER_URL}/admin`,
      ...(showDemo ? DEMO_ACCOUNTS.map((account) => `          ${account.role}: ${account.email} / ${account.password}`) : []),
      `  Mail:   ${describeMailDestination(env)}`,
      `  Pay:    ${payments}`,
      `  Stop:   Ctrl-C or SIGTERM to this command${running.postgres ? ' (stops the embedded PostgreSQL too)' : ''}`,
      '',
    ].join('\n'),
  )
  await shutdown(await waitForExit(running.site))
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)))
