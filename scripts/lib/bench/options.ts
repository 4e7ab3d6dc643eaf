// Bench settings from the environment, defaulting to the load the targets were set for.
export type BenchOptions = {
  durationSeconds: number
  connections: number
  skipLighthouse: boolean
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
  }
}
