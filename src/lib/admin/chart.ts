// Geometry of the dashboard's charts, drawn as SVG on the server (no chart library, nothing fetched by the browser).

export type Bar = { x: number; y: number; width: number; height: number }

/** A rounded-up maximum for an axis: at least 1, so an all-zero chart draws flat bars rather than dividing by zero. */
export function axisMax(values: readonly number[]): number {
  const max = Math.max(1, ...values)
  const magnitude = 10 ** Math.floor(Math.log10(max))
  const step = [1, 2, 2.5, 5, 10].find((candidate) => candidate * magnitude >= max)!
  return step * magnitude
}

/** Bars for `values` across `width`, bottom-aligned in `height`; a negative value (refunds over payments) draws none. */
export function bars(values: readonly number[], width: number, height: number, max = axisMax(values)): Bar[] {
  const slot = width / Math.max(values.length, 1)
  const gap = Math.min(2, slot / 4)
  return values.map((value, index) => {
    const barHeight = (Math.max(0, value) / max) * height
    return { x: index * slot + gap / 2, y: height - barHeight, width: slot - gap, height: barHeight }
  })
}

/** An SVG path through `values`, evenly across `width`, in `height` (0 at the bottom). */
export function linePath(values: readonly number[], width: number, height: number, max = axisMax(values)): string {
  if (values.length === 0) return ''
  const step = values.length > 1 ? width / (values.length - 1) : 0
  return values.map((value, index) => `${index === 0 ? 'M' : 'L'}${(index * step).toFixed(1)},${(height - (Math.max(0, value) / max) * height).toFixed(1)}`).join(' ')
}

/** Consecutive equal values as runs ({ value, start, length }), so a week of hours draws a few rectangles, not 168. */
export function runs<T>(values: readonly T[]): { value: T; start: number; length: number }[] {
  const result: { value: T; start: number; length: number }[] = []
  values.forEach((value, index) => {
    const last = result.at(-1)
    if (last && last.value === value) last.length += 1
    else result.push({ value, start: index, length: 1 })
  })
  return result
}
