// What the admin says from the server (refusals, field errors), in the editor's admin language: ICU messages
// from the site's catalogues (namespace "Admin"), so Russian plural forms and both languages are checked there.
import { createTranslator } from 'next-intl'
import type { PayloadRequest } from 'payload'

import en from '../../i18n/messages/en.json'
import ru from '../../i18n/messages/ru.json'

export type AdminLanguage = 'ru' | 'en'

export function adminLanguage(req: Pick<PayloadRequest, 'i18n'> | undefined): AdminLanguage {
  return req?.i18n?.language === 'en' ? 'en' : 'ru'
}

export function adminTranslator(locale: AdminLanguage) {
  return createTranslator({ locale, messages: locale === 'en' ? en : ru, namespace: 'Admin' })
}

export function adminT(req: Pick<PayloadRequest, 'i18n'> | undefined) {
  return adminTranslator(adminLanguage(req))
}

export type AdminTranslator = ReturnType<typeof adminTranslator>
