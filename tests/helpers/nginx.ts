// Debian's nginx in front of the app in tests, configured from deploy/nginx's template exactly as the official
// nginx image does it (envsubst of the listed variables, included at the http level).
import { spawn, spawnSync } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')
const TEMPLATE = path.join(root, 'deploy/nginx/default.conf.template')
const TLS_TEMPLATE = path.join(root, 'deploy/nginx/tls.inc.template')
const NO_TLS = path.join(root, 'deploy/nginx/no-tls.conf')

export type RunningNginx = {
  /** The access log, as the template writes it (JSON lines, flushed within a second). */
  accessLog: string
  close: () => Promise<void>
}

/** Resolves once something accepts TCP connections on the loopback port (within 15 s). */
async function accepting(port: number): Promise<void> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    if (Date.now() > deadline) throw new Error(`nginx is not listening on port ${port} after 15 s`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The template with these variables substituted by envsubst (only these: nginx's own $variables stay). */
export function renderTemplate(variables: Record<string, string>, template = TEMPLATE): string {
  const names = Object.keys(variables).map((name) => `\${${name}}`).join(' ')
  const rendered = spawnSync('envsubst', [names], { input: readFileSync(template, 'utf8'), env: { ...process.env, ...variables }, encoding: 'utf8' })
  if (rendered.status !== 0) throw new Error(`envsubst failed: ${rendered.stderr}`)
  return rendered.stdout
}

type NginxOptions = {
  dir: string
  listenPort: number
  upstreams: string[]
  /** http-level configuration after the template's, e.g. the bench's static-file server. */
  extraConfig?: string
  /** HTTPS from tls.inc.template on this port, with the certificate's folder and the ACME webroot. */
  tls?: { port: number; certificateDir: string; acmeRoot: string }
  /**
   * The proxies whose X-Forwarded-For nginx believes (trusted-proxies.conf's lines). The tests stand in for a CDN in
   * front, on 127.0.0.1: the address they write is the visitor's. A connection from elsewhere (127.0.0.2) is not.
   */
  trustedProxies?: string[]
}

export async function startNginx({ dir, listenPort, upstreams, extraConfig = '', tls, trustedProxies = ['127.0.0.1'] }: NginxOptions): Promise<RunningNginx> {
  mkdirSync(path.join(dir, 'temp'), { recursive: true })
  // As the official image renders its templates: the TLS lines into a file the site's server block includes.
  const tlsConf = path.join(dir, 'vpnkeys-tls.inc')
  if (tls) writeFileSync(tlsConf, renderTemplate({ TLS_PORT: String(tls.port), ACME_ROOT: tls.acmeRoot }, TLS_TEMPLATE))
  const trusted = path.join(dir, 'trusted-proxies.conf')
  writeFileSync(trusted, trustedProxies.map((range) => `set_real_ip_from ${range};\n`).join(''))
  const accessLog = path.join(dir, 'access.log')
  const site = renderTemplate({
    APP_UPSTREAMS: upstreams.map((upstream) => `server ${upstream};`).join(' '),
    LISTEN_PORT: String(listenPort),
    SERVER_NAME: '_',
    CACHE_DIR: path.join(dir, 'cache'),
    TLS_CONF: tls ? tlsConf : NO_TLS,
    TLS_DIR: tls?.certificateDir ?? '',
    TLS_PORT: tls ? String(tls.port) : '',
    TRUSTED_PROXIES: trusted,
    ACCESS_LOG: accessLog,
  })
  writeFileSync(path.join(dir, 'default.conf'), `${site}\n${extraConfig}`)
  // The main file production runs (deploy/nginx/nginx.conf: events, http, pcre_jit, sendfile), with temp folders and
  // logs in the test's own folder.
  const main = `
worker_processes 1;
pcre_jit on;
${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  sendfile on;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  include ${dir}/default.conf;
}
`
  writeFileSync(path.join(dir, 'nginx.conf'), main)
  const child: ChildProcess = spawn('nginx', ['-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' })
  // Ready when its ports take connections (a fixed pause was too short on a busy CI machine), or failed when it exits.
  const exited = new Promise<never>((_resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`nginx exited with ${String(code)} (see ${dir}/error.log)`)))
  })
  exited.catch(() => undefined)
  await Promise.race([exited, Promise.all([listenPort, ...(tls ? [tls.port] : [])].map((port) => accepting(port)))])
  return {
    accessLog,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGQUIT')
      }),
  }
}
