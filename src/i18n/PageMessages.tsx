// Messages for the client components of one page, so every other page does not carry them in its HTML.
import { NextIntlClientProvider } from 'next-intl'
import { getMessages } from 'next-intl/server'
import type React from 'react'

import { pickClientMessages } from './clientMessages'
import type { PageNamespace } from './clientMessages'
import type { Locale } from './locales'

// The locale is passed, not inferred: a page need not have called setRequestLocale.
type Props = { locale: Locale; namespaces: readonly PageNamespace[]; children: React.ReactNode }

/** Client components inside see only these namespaces (a nested provider replaces the layout's messages). */
export async function PageMessages({ locale, namespaces, children }: Props) {
  const messages = await getMessages({ locale })
  return (
    <NextIntlClientProvider locale={locale} messages={pickClientMessages(messages, namespaces)}>
      {children}
    </NextIntlClientProvider>
  )
}
