// A single pass/fail check; the bench counts them for its final summary line.
export type Target = { name: string; met: boolean }

export function verdict(met: boolean): string {
  return met ? 'PASS' : 'FAIL'
}

export function countMet(targets: readonly Target[]): number {
  return targets.filter((target) => target.met).length
}
