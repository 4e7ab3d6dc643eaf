// The offending items of a Lighthouse audit (console message, resource, element), shortened for the report.
import type { Result } from 'lighthouse'

type Audit = Result['audits'][string]

const MAX_EXAMPLES = 3
const MAX_EXAMPLE_LENGTH = 160
// The item fields that best say what to fix: the console message, the resource, the offending element.
const EXAMPLE_FIELDS = ['description', 'url', 'node', 'source'] as const

function describeItem(item: Record<string, unknown>): string | undefined {
  for (const field of EXAMPLE_FIELDS) {
    const value = item[field]
    if (typeof value === 'string' && value) return value
    if (value && typeof value === 'object' && 'snippet' in value && typeof value.snippet === 'string') return value.snippet
  }
  return undefined
}

/** A few offending items, because a title alone ("Browser errors were logged") rarely says what to fix. */
export function auditExamples(audit: Pick<Audit, 'details'>): string[] {
  const details = audit.details
  if (!details || !('items' in details) || !Array.isArray(details.items)) return []
  return (details.items as unknown[])
    .map((item) => (item && typeof item === 'object' ? describeItem(item as Record<string, unknown>) : undefined))
    .filter((text): text is string => text !== undefined)
    .slice(0, MAX_EXAMPLES)
    .map((text) => (text.length > MAX_EXAMPLE_LENGTH ? `${text.slice(0, MAX_EXAMPLE_LENGTH - 1)}…` : text))
}
