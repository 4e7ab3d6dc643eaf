// deploy/prometheus, checked by Prometheus's own promtool (Debian's prometheus package): the scrape configuration an
// operator copies, the alert rules, and the rules' cases (alerts.test.yml). A scrape of running instances with the
// same configuration is in tests/e2e/cluster.spec.ts.
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const folder = path.resolve(import.meta.dirname, '../../../deploy/prometheus')
const hasPromtool = spawnSync('promtool', ['--version']).status === 0
const SKIP = "promtool is not installed (Debian's prometheus package): npm test installs it when run as root"

function promtool(args: string[], cwd = folder) {
  const run = spawnSync('promtool', args, { cwd, encoding: 'utf8' })
  return { status: run.status, output: `${run.stdout}${run.stderr}` }
}

type ScrapeConfig = { job_name: string; metrics_path: string; authorization: { type: string; credentials_file: string }; static_configs: { targets: string[] }[] }

describe('deploy/prometheus', () => {
  it('scrapes both instances at /api/metrics with the token from a file, in the job the rules name', () => {
    const config = parse(readFileSync(path.join(folder, 'prometheus.yml'), 'utf8')) as { rule_files: string[]; scrape_configs: ScrapeConfig[] }
    expect(config.rule_files).toEqual(['alerts.yml'])
    expect(config.scrape_configs).toEqual([
      expect.objectContaining({
        job_name: 'vpnkeys',
        metrics_path: '/api/metrics',
        authorization: { type: 'Bearer', credentials_file: expect.stringMatching(/^\//) },
        static_configs: [{ targets: ['127.0.0.1:3001', '127.0.0.1:3002'] }],
      }),
    ])
    expect(readFileSync(path.join(folder, 'alerts.yml'), 'utf8')).toContain('job="vpnkeys"')
  })

  it('is a configuration Prometheus takes, with its token file where it says', ({ skip }) => {
    if (!hasPromtool) return skip(SKIP)
    const dir = mkdtempSync(path.join(tmpdir(), 'vpnkeys-prometheus-'))
    try {
      copyFileSync(path.join(folder, 'alerts.yml'), path.join(dir, 'alerts.yml'))
      const token = path.join(dir, 'token')
      writeFileSync(token, 'metrics-token\n')
      writeFileSync(path.join(dir, 'prometheus.yml'), readFileSync(path.join(folder, 'prometheus.yml'), 'utf8').replace('/etc/prometheus/vpnkeys-metrics-token', token))
      const checked = promtool(['check', 'config', 'prometheus.yml'], dir)
      expect(checked.output).toContain('SUCCESS')
      expect(checked.status).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('holds alert rules Prometheus takes, each firing in its cases and quiet in the others', ({ skip }) => {
    if (!hasPromtool) return skip(SKIP)
    const rules = promtool(['check', 'rules', 'alerts.yml'])
    expect(rules.status, rules.output).toBe(0)
    const cases = promtool(['test', 'rules', 'alerts.test.yml'])
    expect(cases.status, cases.output).toBe(0)
    expect(cases.output).toContain('SUCCESS')
  })
})
