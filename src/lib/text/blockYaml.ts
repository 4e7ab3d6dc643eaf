// Plain data (objects, arrays, strings, finite numbers, booleans, null) written as block YAML. A string is left
// bare only when it starts with a letter and holds nothing YAML reads specially; any other is double-quoted with
// JSON's escapes, which YAML reads the same way, so no value can turn into another type (`no`, `1e3`, `~`) or
// another structure. Written directly because the `yaml` package's stringify was most of
// a Mihomo subscription poll's cost; `yaml`'s parse checks that both read the same (tests/unit/text/blockYaml).
type Plain = string | number | boolean | null | readonly Plain[] | { readonly [key: string]: Plain | undefined }

// Line breaks to YAML 1.1 (Stash, older Clash) and characters YAML may not hold raw, escaped as JSON would.
const UNSAFE = /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g
const BARE = /^\p{L}(?:[\p{L}\p{N}._/@+,-]| (?! ))*$/u
// Words a YAML 1.1 reader would take for a boolean or null if left bare, and an exponent alone (`E6`), which the
// `yaml` package's 1.1 schema reads as a number.
const RESERVED = /^(?:y|n|yes|no|on|off|true|false|null|[eE][-+]?[0-9]+)$/i

function text(value: string): string {
  if (BARE.test(value) && !value.endsWith(' ') && !RESERVED.test(value)) return value
  return JSON.stringify(value).replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

function scalar(value: Plain): string | null {
  if (value === null) return 'null'
  if (typeof value === 'string') return text(value)
  if (typeof value === 'boolean') return String(value)
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`blockYaml: ${value} has no YAML form`)
    return Object.is(value, -0) ? '-0' : String(value)
  }
  if (Array.isArray(value)) return value.length === 0 ? '[]' : null
  return Object.values(value).some((entry) => entry !== undefined) ? null : '{}'
}

function lines(value: Plain, indent: string, out: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value as readonly Plain[]) {
      const single = scalar(item)
      if (single !== null) out.push(`${indent}- ${single}`)
      else {
        // The item's first line goes after the dash; the rest line up under it.
        const start = out.length
        lines(item, `${indent}  `, out)
        out[start] = `${indent}- ${out[start]!.slice(indent.length + 2)}`
      }
    }
    return
  }
  for (const [name, entry] of Object.entries(value as { readonly [key: string]: Plain | undefined })) {
    if (entry === undefined) continue
    const single = scalar(entry)
    if (single !== null) out.push(`${indent}${text(name)}: ${single}`)
    else {
      out.push(`${indent}${text(name)}:`)
      lines(entry, `${indent}  `, out)
    }
  }
}

export function blockYaml(value: Plain): string {
  const single = scalar(value)
  if (single !== null) return `${single}\n`
  const out: string[] = []
  lines(value, '', out)
  return `${out.join('\n')}\n`
}
