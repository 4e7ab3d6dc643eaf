// A client component rendered to text as a visitor reads it, in a language, at a fixed moment: next-intl's provider
// around it, the markup stripped and the status dot dropped.
import { NextIntlClientProvider } from 'next-intl'
import { createElement } from 'react'
import type { ComponentProps, FunctionComponent } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

import en from '@/i18n/messages/en.json'
import ru from '@/i18n/messages/ru.json'

export function renderedText<Props extends object>(locale: 'ru' | 'en', now: number, component: FunctionComponent<Props>, props: Props): string {
  const html = renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      // children come as the third argument; the props type wants them too.
      { locale, messages: locale === 'ru' ? ru : en, timeZone: 'Europe/Moscow', now: new Date(now) } as unknown as ComponentProps<typeof NextIntlClientProvider>,
      createElement(component, props),
    ),
  )
  return html.replace(/<[^>]+>/g, '').replace('● ', '')
}
