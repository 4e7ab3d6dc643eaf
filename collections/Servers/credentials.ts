// A server's credentials (admins only): the fields every panel may need, each shown for the adapters that read it,
// then each adapter's own (src/lib/provisioning/adapters/<name>/index.ts says which it reads and adds its own).
import type { Condition, Field, GroupField } from 'payload'

import type { Credential } from '@/lib/provisioning/adapter'
import { ADAPTERS, adaptersReading } from '@/lib/provisioning/adapters'
import type { Server } from '@/payload-types'

import { adminOnlyField } from '../access/adminOnlyField'

/** Shown only when the server's adapter is one of `adapters`. */
function forAdapters(adapters: readonly string[]): Condition {
  return (data) => adapters.includes(String((data as Partial<Pick<Server, 'adapter'>>).adapter))
}

const forReaders = (credential: Credential) => forAdapters(adaptersReading(credential))

/** What the adapters that read `credential` say of it, in each language (e.g. where each panel shows its token). */
function hints(credential: Credential): { ru: string; en: string } | undefined {
  const texts = ADAPTERS.flatMap((entry) => {
    const hint: unknown = (entry.credentials as Partial<Record<Credential, unknown>>)[credential]
    return typeof hint === 'object' && hint !== null ? [hint as { ru: string; en: string }] : []
  })
  if (texts.length === 0) return undefined
  return { ru: texts.map((text) => text.ru).join('. '), en: texts.map((text) => text.en).join('. ') }
}

const SHARED: Field[] = [
  { name: 'apiUrl', label: { ru: 'Адрес API', en: 'API URL' }, type: 'text', admin: { condition: forReaders('apiUrl') } },
  {
    name: 'apiToken',
    label: { ru: 'API-токен', en: 'API token' },
    type: 'text',
    admin: { condition: forReaders('apiToken'), description: hints('apiToken') },
  },
  {
    type: 'row',
    admin: { condition: forAdapters([...new Set([...adaptersReading('username'), ...adaptersReading('password')])]) },
    fields: [
      { name: 'username', label: { ru: 'Логин', en: 'Username' }, type: 'text' },
      { name: 'password', label: { ru: 'Пароль', en: 'Password' }, type: 'text' },
    ],
  },
  { name: 'certSha256', label: { ru: 'SHA-256 сертификата', en: 'Certificate SHA-256' }, type: 'text', admin: { condition: forReaders('certSha256') } },
  {
    name: 'keyDataLimitGb',
    label: { ru: 'Лимит трафика на ключ (ГБ)', en: 'Data limit per key (GB)' },
    type: 'number',
    min: 0,
    admin: { condition: forReaders('keyDataLimitGb'), description: { ru: 'Пусто — без лимита', en: 'Empty means no limit' } },
  },
]

/** Each adapter's own credentials, shown only for servers that use it. */
const OWN: Field[] = ADAPTERS.flatMap((entry) => {
  const own: readonly Field[] = 'ownCredentials' in entry ? entry.ownCredentials : []
  return own.map((field) => ({ ...field, admin: { ...field.admin, condition: forAdapters([entry.value]) } }) as Field)
})

export const serverCredentials: GroupField = {
  name: 'credentials',
  label: { ru: 'Учётные данные', en: 'Credentials' },
  type: 'group',
  access: { read: adminOnlyField, create: adminOnlyField, update: adminOnlyField },
  admin: { condition: forAdapters(ADAPTERS.filter((entry) => Object.keys(entry.credentials).length > 0 || 'ownCredentials' in entry).map((entry) => entry.value)) },
  fields: [...SHARED, ...OWN],
}
