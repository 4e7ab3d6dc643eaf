// The plans page's texts (a promo code's answers among them) outside React: for the form's JSON answers and the bot.
import { createTranslator } from 'next-intl'

import type { Locale } from '@/i18n/locales'
import en from '@/i18n/messages/en.json'
import ru from '@/i18n/messages/ru.json'

export const tariffsTranslator = (locale: Locale) => createTranslator({ locale, messages: locale === 'en' ? en : ru, namespace: 'Tariffs' })
