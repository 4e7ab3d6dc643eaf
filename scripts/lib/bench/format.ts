// Plain-text tables and number formatting for the bench report.
export type Align = 'left' | 'right'

function pad(text: string, width: number, align: Align): string {
  return align === 'right' ? text.padStart(width) : text.padEnd(width)
}

/** Columns are sized to their widest cell; numbers read best right-aligned. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[], align: readonly Align[] = []): string {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)))
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => pad(cell, widths[column] ?? 0, align[column] ?? 'left')).join('  ').trimEnd()
  const rule = widths.map((width) => '-'.repeat(width)).join('  ')
  return [line(headers), rule, ...rows.map(line)].join('\n')
}

export function heading(title: string): string {
  return `\n== ${title} ==`
}

export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`
}

export function fixed(value: number, digits = 1): string {
  return value.toFixed(digits)
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
