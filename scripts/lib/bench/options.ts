// Bench settings from the environment, defaulting to the load the targets were set for.
export const BENCH_SECTIONS = ['load', 'subscriptions', 'js', 'lighthouse', 'scaling'] as const
export type BenchSection = (typeof BENCH_SECTIONS)[number]

export type BenchOptions = {
  durationSeconds: number
  connections: number
  skipLighthouse: boolean
  /** Lighthouse runs per page (BENCH_LIGHTHOUSE_RUNS): the targets hold in every one. */
  lighthouseRuns: number
  /** BENCH_SECTIONS=scaling,load runs only those; all by default. */
  sections: ReadonlySet<BenchSection>
}

function sections(): ReadonlySet<BenchSection> {
  const raw = process.env.BENCH_SECTIONS?.trim()
  if (!raw) return new Set(BENCH_SECTIONS)
  const names = raw.split(',').map((name) => name.trim())
  const unknown = names.filter((name) => !(BENCH_SECTIONS as readonly string[]).includes(name))
  if (unknown.length > 0) throw new Error(`BENCH_SECTIONS: unknown ${unknown.join(', ')} (known: ${BENCH_SECTIONS.join(', ')})`)
  return new Set(names as BenchSection[])
}

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  // A typo must not silently bench with a different load than the one asked for.
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`)
  return value
}

export function readOptions(): BenchOptions {
  const skip = process.env.BENCH_SKIP_LIGHTHOUSE?.trim()
  return {
    durationSeconds: positiveInteger('BENCH_DURATION', 10),
    connections: positiveInteger('BENCH_CONNECTIONS', 20),
    skipLighthouse: skip !== undefined && skip !== '' && skip !== '0' && skip !== 'false',
    lighthouseRuns: positiveInteger('BENCH_LIGHTHOUSE_RUNS', 3),
    sections: sections(),
  }
}
