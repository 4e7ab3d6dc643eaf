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
  it('gives the app its own request id, never the visitor’s', () => {
    expect(read('deploy/nginx/default.conf.template')).toMatch(/^\s*proxy_set_header X-Request-Id \$request_id;$/m)
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

describe('HTTPS in compose', () => {
  type Full = Service & { ports?: string[]; volumes?: string[]; environment?: Record<string, string>; entrypoint?: string[] }
  const services = (parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Full> }).services

  it('nginx serves 443 with the template’s TLS lines and the certificate certbot keeps, which answers the challenge through the same webroot', () => {
    const nginx = services.nginx!
    expect(nginx.ports).toEqual(['80:80', '443:443'])
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
