// The admin in the editor's language: Payload's Russian texts that read wrong for our editors, and dates in
// one unambiguous 24-hour format (never "12/03/2026" or "3:34 ПП").
import type { SanitizedConfig } from 'payload'

import type { AdminLanguage } from './adminMessages'

/** Replacements for Payload's Russian admin texts (the originals say "Правда/Ложь", "Искать по" with no field, "Создание нового Сервер"). */
export const adminTranslations = {
  ru: {
    general: {
      true: 'Да',
      false: 'Нет',
      searchBy: 'Искать по: {{label}}',
      createNewLabel: 'Создать: {{label}}',
      creatingNewLabel: 'Создание: {{label}}',
      successfullyCreated: 'Создано: {{label}}.',
      updatedSuccessfully: 'Сохранено.',
      // Payload's own Russian agrees with no gender or count ("Удалено 4 Ключи успешно", "Сервер … успешно удалено").
      deletedCountSuccessfully: 'Удалено записей: {{count}} ({{label}}).',
      deletedSuccessfully: 'Удалено.',
      titleDeleted: '{{label}} «{{title}}»: удалено.',
      restoredCountSuccessfully: 'Восстановлено записей: {{count}} ({{label}}).',
      titleRestored: '{{label}} «{{title}}»: восстановлено.',
      successfullyDuplicated: 'Копия создана: {{label}}.',
      updatedCountSuccessfully: 'Обновлено записей: {{count}} ({{label}}).',
      or: 'или',
      // An empty cell in a list (a history line without an amount or note): Payload's Russian says "Без метки", "no label".
      noLabel: '—',
    },
    version: {
      publishIn: 'Опубликовать только: {{locale}}',
      restoredSuccessfully: 'Восстановлено.',
    },
  },
  en: { general: { true: 'Yes', false: 'No' } },
}

/**
 * `03.12.2026 02:05` in both admin languages: day first and a 24-hour clock, as the site's messages write it.
 * Not the language's own pattern (date-fns `P`): Payload's date picker registers the admin language only after
 * its first render, so a form would open with `12/03/2026` in the Russian admin.
 */
export const ADMIN_DATE_TIME = 'dd.MM.yyyy HH:mm'
const ADMIN_DATE = 'dd.MM.yyyy'
const ADMIN_TIME = 'HH:mm'

type FieldLike = { type?: string; fields?: FieldLike[]; tabs?: { fields: FieldLike[] }[]; admin?: { date?: Record<string, unknown> } & Record<string, unknown> }

function setDateFormats(fields: FieldLike[]): void {
  for (const field of fields) {
    if (field.type === 'date') {
      const date = field.admin?.date ?? {}
      const dayOnly = date.pickerAppearance === 'dayOnly'
      field.admin = { ...field.admin, date: { displayFormat: dayOnly ? ADMIN_DATE : ADMIN_DATE_TIME, timeFormat: ADMIN_TIME, ...date } }
    }
    if (Array.isArray(field.fields)) setDateFormats(field.fields)
    if (Array.isArray(field.tabs)) for (const tab of field.tabs) setDateFormats(tab.fields)
  }
}

/**
 * Every date field of the built config (ours and those Payload adds: created, updated, scheduled jobs) shows
 * and takes dates as `03.12.2026 15:34`, or `03.12.2026` for day-only pickers, in lists, forms and filters.
 */
export function withAdminDateFormats(config: SanitizedConfig): SanitizedConfig {
  for (const entity of [...config.collections, ...config.globals]) setDateFormats(entity.fields as FieldLike[])
  return config
}

/** A moment as the admin shows it, in Moscow time, for messages written on the server: `03.12.2026 15:34 МСК`. */
export function adminDateTime(iso: string, language: AdminLanguage): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  )
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute} ${language === 'en' ? 'Moscow time' : 'МСК'}`
}
