// The site's Prometheus metrics (prom-client), one registry per process. The site's server (src/server) counts
// requests; Payload's jobs, e-mail adapter and subscription history count their own; /api/metrics adds what the
// database says at scrape time (src/lib/metrics/databaseGauges.ts). Both halves of the process (the server, and
// Next.js's bundle, where prom-client is an external package) reach the same registry through globalThis.
import { hostname } from 'node:os'

import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

import { HIDE_SERVER_AFTER_FAILED_CHECKS } from '@/lib/keys/visibility'

export const METRIC_PREFIX = 'vpnkeys_'

function createMetrics() {
  const registry = new Registry()
  // Prometheus labels each scraped target with its address; this tells instances apart behind one address too.
  registry.setDefaultLabels({ app_instance: `${hostname()}:${process.env.PORT ?? '3000'}` })
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX })
  const registers = [registry]
  return {
    registry,
    httpRequests: new Counter({
      name: `${METRIC_PREFIX}http_requests_total`,
      help: 'Requests answered, by route family, method and status',
      labelNames: ['family', 'method', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'Time to answer a request, by route family',
      labelNames: ['family'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    nextCache: new Counter({
      name: `${METRIC_PREFIX}next_cache_total`,
      help: "Pages Next.js answered from its cache (HIT), rendered (MISS) or served stale while refreshing (STALE)",
      labelNames: ['result'] as const,
      registers,
    }),
    jobRuns: new Counter({
      name: `${METRIC_PREFIX}job_runs_total`,
      help: 'Job runs, by task and outcome (ok, failed)',
      labelNames: ['task', 'outcome'] as const,
      registers,
    }),
    jobDuration: new Histogram({
      name: `${METRIC_PREFIX}job_duration_seconds`,
      help: 'Time a job run took, by task',
      labelNames: ['task'] as const,
      buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900],
      registers,
    }),
    emails: new Counter({
      name: `${METRIC_PREFIX}emails_total`,
      help: 'E-mails handed to the mail server (sent) or refused by it (failed)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    subscriptionEvents: new Counter({
      name: `${METRIC_PREFIX}subscription_events_total`,
      help: "Subscriptions' history as it happens: payment, renewed, payment_failed, activated, refund, cancelled, expired…",
      labelNames: ['type'] as const,
      registers,
    }),
    subscriptionUnserved: new Counter({
      name: `${METRIC_PREFIX}subscription_unserved_total`,
      help: "Subscribers' app polls answered without keys, by why: deviceLimit, noDeviceId, ended, noKeys, unsupportedApp (a notice entry), refused (403), noFormatKey (no Outline or WireGuard key for that format)",
      labelNames: ['reason'] as const,
      registers,
    }),
    // Read from the database at scrape time: the same on every instance (alert on their max, not their sum).
    jobQueueDepth: new Gauge({ name: `${METRIC_PREFIX}job_queue_depth`, help: 'Jobs waiting to run, by task', labelNames: ['task'] as const, registers }),
    jobQueueAge: new Gauge({ name: `${METRIC_PREFIX}job_queue_oldest_seconds`, help: 'How long the oldest job due to run has waited', registers }),
    serversDown: new Gauge({ name: `${METRIC_PREFIX}servers_down`, help: `Enabled VPN servers whose health check failed ${HIDE_SERVER_AFTER_FAILED_CHECKS} times in a row (what the site counts as down)`, registers }),
    serversEnabled: new Gauge({ name: `${METRIC_PREFIX}servers_enabled`, help: 'Enabled VPN servers', registers }),
    keysFailing: new Gauge({ name: `${METRIC_PREFIX}keys_failing_check`, help: 'Free keys hidden because their connection check fails, by protocol', labelNames: ['protocol'] as const, registers }),
    keysSuspect: new Gauge({ name: `${METRIC_PREFIX}keys_taken_unused`, help: 'Free keys many visitors copied or downloaded while their panel saw no traffic for hours, by protocol', labelNames: ['protocol'] as const, registers }),
    freeKeysListed: new Gauge({ name: `${METRIC_PREFIX}free_keys_listed`, help: 'Free keys visitors can see now, by protocol', labelNames: ['protocol'] as const, registers }),
    freeListsEmpty: new Gauge({
      name: `${METRIC_PREFIX}free_lists_empty`,
      help: "Countries' free lists of a protocol that an enabled free server offers and that have no key now, by protocol",
      labelNames: ['protocol'] as const,
      registers,
    }),
    probeChecks: new Gauge({
      name: `${METRIC_PREFIX}probe_checks_last_hour`,
      help: 'Keys checked by the probes inside visitors’ networks in the last hour, by country, network, protocol and result',
      labelNames: ['country', 'network', 'protocol', 'result'] as const,
      registers,
    }),
    probesSilent: new Gauge({ name: `${METRIC_PREFIX}probes_silent`, help: 'Probes with a token that have not reported for 15 minutes', registers }),
  }
}

export type Metrics = ReturnType<typeof createMetrics>

const GLOBAL_KEY = Symbol.for('vpnkeys.metrics')

/** This process's metrics, created on first use. */
export function metrics(): Metrics {
  const holder = globalThis as typeof globalThis & { [GLOBAL_KEY]?: Metrics }
  holder[GLOBAL_KEY] ??= createMetrics()
  return holder[GLOBAL_KEY]
}
