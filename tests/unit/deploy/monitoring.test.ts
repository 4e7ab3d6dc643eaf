// The production files that monitoring depends on: compose's health checks and log rotation, nginx's request id,
// and alert rules that name only metrics the site exports (a renamed metric would silence an alert for good).
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

import { metrics } from '@/lib/metrics/metrics'

const root = path.resolve(import.meta.dirname, '../../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

type Service = { healthcheck?: { test: string[] }; logging?: { options: Record<string, string> }; command?: string[] }

describe('compose.yaml', () => {
  const services = (parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> }).services

  it('health-checks every app instance with its readiness and rotates every app container’s log', () => {
    for (const name of ['app1', 'app2']) {
      expect(services[name]?.healthcheck?.test.join(' '), name).toContain('http://127.0.0.1:3000/api/health/ready')
      expect(services[name]?.logging?.options, name).toMatchObject({ 'max-size': expect.any(String), 'max-file': expect.any(String) })
    }
    // The one-off migration has no server to check.
    expect(services.migrate?.healthcheck).toBeUndefined()
  })
})

describe('nginx template', () => {
  const template = read('deploy/nginx/default.conf.template')

  it('gives the app its own request id, never the visitor’s, made of counters rather than drawn from OpenSSL on every request', () => {
    expect(template).toMatch(/^\s*proxy_set_header X-Request-Id \$vpnkeys_request_id;$/m)
    expect(template).toMatch(/^\s*default\s+"\$msec-\$connection-\$connection_requests";$/m)
    // nginx's $request_id cost a cached page a fifth of its rate (docs/decisions/0007-nginx-page-cache.md).
    expect(template.replace(/^\s*#.*$/gm, '')).not.toMatch(/\$request_id\b/)
  })

  it('makes request ids the app takes as its own (src/server/observe.ts), unique per connection and request', async () => {
    const { requestIdOf } = await import('@/server/observe')
    const id = '1795913932.958-40213-7'
    expect(requestIdOf({ headers: { 'x-request-id': id } } as never)).toBe(id)
  })

  it('logs in its own format, which names no request line, query, argument or Referer, with the request id; the main file logs nothing', () => {
    const format = /log_format vpnkeys escape=json ((?:'[^']*'\s*)+);/.exec(template)?.[1]
    expect(format).toBeDefined()
    for (const leaky of ['$request"', '$request ', '$request_uri', '$args', '$query_string', '$arg_', '$http_referer', '$uri', '$http_cookie']) expect(format, leaky).not.toContain(leaky)
    expect(format).toContain('$vpnkeys_log_path')
    expect(format).toContain('$vpnkeys_request_id')
    expect(template).toMatch(/^\s*access_log \$\{ACCESS_LOG\} vpnkeys buffer=32k flush=1s;$/m)
    expect(read('deploy/nginx/nginx.conf')).toMatch(/^\s*access_log\s+off;$/m)
    expect(read('deploy/nginx/nginx.conf')).not.toContain('log_format')
  })

  it('tells the app one address, believing X-Forwarded-For only from the proxies the operator lists, and listens on IPv6', () => {
    expect(template).toMatch(/^\s*proxy_set_header X-Forwarded-For \$remote_addr;$/m)
    expect(template).not.toContain('$proxy_add_x_forwarded_for')
    expect(template).toMatch(/^\s*real_ip_header X-Forwarded-For;$/m)
    expect(template).toMatch(/^\s*real_ip_recursive on;$/m)
    expect(template).toMatch(/^\s*include \$\{TRUSTED_PROXIES\};$/m)
    // As shipped, nobody is trusted: only comments.
    expect(read('deploy/nginx/trusted-proxies.conf').split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'))).toEqual([])
    expect(template).toMatch(/^\s*listen \[::\]:\$\{LISTEN_PORT\};$/m)
    expect(read('deploy/nginx/tls.inc.template')).toMatch(/^listen \[::\]:\$\{TLS_PORT\} ssl http2;$/m)
  })
})

describe('deploy/prometheus/alerts.yml', () => {
  const rules = (parse(read('deploy/prometheus/alerts.yml')) as { groups: { rules: { alert: string; expr: string }[] }[] }).groups.flatMap((group) => group.rules)

  it('names only metrics the site exports', async () => {
    const exported = new Set((await metrics().registry.getMetricsAsJSON()).flatMap((metric) => (String(metric.type) === 'histogram' ? ['_bucket', '_sum', '_count'].map((suffix) => metric.name + suffix) : [metric.name])))
    const named = rules.flatMap((rule) => rule.expr.match(/\bvpnkeys_\w+/g) ?? [])
    expect(named.length).toBeGreaterThan(10)
    for (const name of named) expect(exported, name).toContain(name)
  })
})

describe('backups', () => {
  const services = (parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service & { image?: string; entrypoint?: string[]; environment?: Record<string, string>; volumes?: string[] }> }).services

  it('compose backs the database up every day with the script `npm run backup` runs, with the pg_dump of the database’s own version and the bucket’s settings', () => {
    const backup = services.backup! as typeof services.backup & { build?: string }
    // The database's own image, with rclone for the bucket and age to encrypt what goes there.
    expect(backup.build).toBe('./deploy/backup')
    expect(read('deploy/backup/Dockerfile')).toMatch(new RegExp(`^FROM ${services.postgres!.image}$`, 'm'))
    expect(read('deploy/backup/Dockerfile')).toMatch(/apt-get install .*\brclone\b/)
    expect(read('deploy/backup/Dockerfile')).toMatch(/apt-get install .*\bage\b/)
    expect(Object.keys(backup.environment ?? {})).toEqual(expect.arrayContaining(['BACKUP_S3_URL', 'BACKUP_S3_ENDPOINT', 'BACKUP_S3_REGION', 'BACKUP_S3_ACCESS_KEY_ID', 'BACKUP_S3_SECRET_ACCESS_KEY', 'BACKUP_AGE_RECIPIENT']))
    expect(backup.entrypoint).toEqual(['sh', '/backup/daily.sh'])
    expect(backup.volumes).toContain('./deploy/backup:/backup:ro')
    expect(backup.environment).toMatchObject({ PGHOST: 'postgres', PGDATABASE: 'vpnkeys', BACKUP_DIR: '/backups' })
    expect(read('deploy/backup/daily.sh')).toContain('sh /backup/backup.sh')
    expect(JSON.parse(read('package.json')).scripts).toMatchObject({ backup: 'tsx scripts/run.ts backup', restore: 'tsx scripts/run.ts restore' })
  })

  it('refuses a number of backups to keep that would prune them all or be read as octal, before touching anything', () => {
    for (const keep of ['0', '00', '08', '010', '-1', 'two', '1.5']) {
      const run = spawnSync('sh', [path.join(root, 'deploy/backup/backup.sh')], { env: { ...process.env, BACKUP_DIR: '/nonexistent/backups', BACKUP_KEEP: keep, PGHOST: '/nonexistent' }, encoding: 'utf8' })
      expect(run.status, keep).toBe(1)
      expect(run.stderr, keep).toContain('BACKUP_KEEP must be a whole number of 1 or more')
    }
  })
})

describe('nginx in compose', () => {
  type Full = Service & { ports?: string[]; volumes?: string[]; environment?: Record<string, string>; network_mode?: string }
  const services = (parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Full> }).services

  it('sees each visitor’s own address, IPv6 too (no Docker proxy between), and reaches the instances on the host’s loopback only', () => {
    const nginx = services.nginx!
    expect(nginx.network_mode).toBe('host')
    expect(nginx.ports).toBeUndefined()
    expect(services.app1?.ports).toEqual(['127.0.0.1:3001:3000'])
    expect(services.app2?.ports).toEqual(['127.0.0.1:3002:3000'])
    expect(nginx.environment?.APP_UPSTREAMS).toBe('server 127.0.0.1:3001; server 127.0.0.1:3002;')
    expect(nginx.volumes).toContain(`./deploy/nginx/trusted-proxies.conf:${nginx.environment?.TRUSTED_PROXIES}:ro`)
  })

  it('keeps nginx’s access log (the official image sends it to standard output) to a bounded size', () => {
    const nginx = services.nginx!
    expect(nginx.environment?.ACCESS_LOG).toBe('/var/log/nginx/access.log')
    expect(nginx.logging?.options).toMatchObject({ 'max-size': expect.any(String), 'max-file': expect.any(String) })
  })
})

describe('HTTPS in compose', () => {
  type Full = Service & { ports?: string[]; volumes?: string[]; environment?: Record<string, string>; entrypoint?: string[] }
  const services = (parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Full> }).services

  it('nginx serves 443 with the template’s TLS lines and the certificate certbot keeps, which answers the challenge through the same webroot', () => {
    const nginx = services.nginx!
    expect(nginx.environment).toMatchObject({ LISTEN_PORT: '80' })
    expect(nginx.volumes).toContain('./deploy/nginx/tls.inc.template:/etc/nginx/templates/vpnkeys-tls.inc.template:ro')
    // The official image renders templates/X.template to conf.d/X: the include the site's server block names.
    expect(nginx.environment).toMatchObject({ TLS_CONF: '/etc/nginx/conf.d/vpnkeys-tls.inc', TLS_DIR: '/etc/letsencrypt/live/vpnkeys', TLS_PORT: '443' })
    const certbot = services.certbot!
    const script = certbot.entrypoint!.join(' ')
    expect(script).toContain(`--webroot-path ${nginx.environment!.ACME_ROOT}`)
    expect(script).toContain('--cert-name vpnkeys')
    expect(script).toContain('--keep-until-expiring')
    for (const volume of ['letsencrypt', 'acme']) {
      expect(nginx.volumes!.some((mount) => mount.startsWith(`${volume}:`) && mount.endsWith(':ro'))).toBe(true)
      expect(certbot.volumes!.some((mount) => mount.startsWith(`${volume}:`) && !mount.endsWith(':ro'))).toBe(true)
    }
    expect(read('deploy/nginx/default.conf.template')).toMatch(/^\s*include \$\{TLS_CONF\};$/m)
  })
})
