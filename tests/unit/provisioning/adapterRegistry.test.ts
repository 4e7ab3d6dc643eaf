// The list of adapters (src/lib/provisioning/adapters/index.ts) is what the admin, the credential fields and the docs
// are built from: every adapter folder is in it, each has its contract test and its notes, the docs' table is the
// list's, and each shared credential shows for exactly the adapters that read it.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import type { Condition, Field } from 'payload'
import { describe, expect, it } from 'vitest'

import { serverCredentials } from '../../../collections/Servers/credentials'
import { PROTOCOL_LABELS } from '@/lib/keys'
import type { AdapterDefinition } from '@/lib/provisioning/adapter'
import { ADAPTERS, adapterDefinition } from '@/lib/provisioning/adapters'

const root = path.resolve(__dirname, '../../..')
const folder = path.join(root, 'src/lib/provisioning/adapters')
const PANELS_DOC = path.join(root, 'docs/operating/panels.md')
const START = '<!-- adapters: built from src/lib/provisioning/adapters (tests/unit/provisioning/adapterRegistry.test.ts) -->'
const END = '<!-- /adapters -->'

/** The docs' table of adapters, as the list says it. */
function adapterTable(adapters: readonly AdapterDefinition[]): string {
  const rows = adapters.map(
    (entry) =>
      `| ${entry.label.en} | \`${entry.value}\` | ${entry.protocols.map((protocol) => PROTOCOL_LABELS[protocol]).join(', ')} | ${entry.speaks} | ${entry.contractTest ? `\`tests/int/${entry.contractTest}.test.ts\`` : '—'} |`,
  )
  return ['| adapter (admin → Servers → "Where keys come from") | stored value | protocols | speaks | contract test |', '|---|---|---|---|---|', ...rows].join('\n')
}

/** Every field under `fields`, rows opened. */
function leaves(fields: readonly Field[], condition?: Condition): { name: string; condition: Condition | undefined }[] {
  return fields.flatMap((field) => {
    const own = field.admin && 'condition' in field.admin ? field.admin.condition : undefined
    if (field.type === 'row') return leaves(field.fields, own ?? condition)
    return 'name' in field ? [{ name: field.name, condition: own ?? condition }] : []
  })
}

describe('the list of adapters', () => {
  it('holds every adapter folder, once, each with its notes', () => {
    const folders = readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
    expect(folders.sort()).toEqual(ADAPTERS.map((entry) => folderOf(entry.value)).sort())
    expect(new Set(ADAPTERS.map((entry) => entry.value)).size).toBe(ADAPTERS.length)
    for (const name of folders) expect(existsSync(path.join(folder, name, 'README.md')), `${name}/README.md`).toBe(true)
  })

  it('names each adapter’s contract test, which exists', () => {
    for (const entry of ADAPTERS) if (entry.contractTest) expect(existsSync(path.join(root, 'tests/int', `${entry.contractTest}.test.ts`)), entry.value).toBe(true)
  })

  it('is the table in docs/operating/panels.md', () => {
    const doc = readFileSync(PANELS_DOC, 'utf8')
    const table = doc.slice(doc.indexOf(START) + START.length, doc.indexOf(END)).trim()
    expect(doc).toContain(START)
    expect(table).toBe(adapterTable(ADAPTERS))
  })

  it('finds a server’s adapter by its stored value, and nothing for one the site does not have', () => {
    expect(adapterDefinition('xray-panel')?.label.en).toBe('Xray panel (Marzban)')
    expect(adapterDefinition('openconnect')).toBeUndefined()
    expect(adapterDefinition(null)).toBeUndefined()
  })

  it('shows each credential for exactly the adapters that read it, and the group only to those that read any', () => {
    const fields = leaves(serverCredentials.fields)
    const shows = (condition: Condition | undefined, adapter: string) =>
      condition === undefined || Boolean(condition({ adapter }, {}, { blockData: {}, operation: 'update', path: [], user: null } as never))
    for (const entry of ADAPTERS) {
      const groupShown = shows(serverCredentials.admin?.condition, entry.value)
      expect(groupShown, entry.value).toBe(Object.keys(entry.credentials).length > 0 || 'ownCredentials' in entry)
      const shared = fields.filter((field) => ['apiUrl', 'apiToken', 'username', 'password', 'certSha256', 'keyDataLimitGb'].includes(field.name))
      for (const field of shared) expect(shows(field.condition, entry.value), `${entry.value} ${field.name}`).toBe(field.name in entry.credentials)
      const own = new Set(('ownCredentials' in entry ? leaves(entry.ownCredentials as readonly Field[]) : []).map((field) => field.name))
      for (const field of fields.filter((candidate) => own.has(candidate.name))) expect(shows(field.condition, entry.value), `${entry.value} ${field.name}`).toBe(true)
      for (const other of ADAPTERS.filter((candidate) => candidate !== entry)) {
        for (const field of fields.filter((candidate) => own.has(candidate.name))) expect(shows(field.condition, other.value), `${other.value} ${field.name}`).toBe(false)
      }
    }
  })

  it('joins the adapters’ own words for a credential in each language', () => {
    const token = leaves(serverCredentials.fields).find((field) => field.name === 'apiToken')
    expect(token).toBeDefined()
    const description = (serverCredentials.fields.find((field) => 'name' in field && field.name === 'apiToken') as { admin: { description: { ru: string; en: string } } }).admin.description
    expect(description.en).toMatch(/^3x-ui 3\.x: .*\. Remnawave: Settings → API tokens/)
    expect(description.ru).toMatch(/^3x-ui 3\.x: .*\. Remnawave: Настройки → API-токены/)
  })
})

/** An adapter's folder: its stored value, but Marzban's, whose value predates the other Xray panels. */
function folderOf(value: string): string {
  return value === 'xray-panel' ? 'marzban' : value
}

