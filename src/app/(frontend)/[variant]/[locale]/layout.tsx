// Root layout of the public site and the personal account: one per locale and indexing mode.
import { NextIntlClientProvider } from 'next-intl'
import { getMessages, setRequestLocale } from 'next-intl/server'
import { notFound } from 'next/navigation'
import type React from 'react'

import { MiniAppFrame } from '@/components/miniApp/MiniAppFrame'
import { EARLY_THEME_SCRIPT } from '@/lib/browser/miniApp'
import { ChunkReload } from '@/components/site/ChunkReload'
import { Footer } from '@/components/site/Footer'
import { Header } from '@/components/site/Header'
import { IslandBehaviours } from '@/components/site/IslandBehaviours'
import { IslandTexts } from '@/components/site/IslandTexts'
import { LocaleMemory } from '@/components/site/LocaleMemory'
import { TopLoader } from '@/components/site/TopLoader'
import { isLocale } from '@/i18n/locales'
import { pickClientMessages } from '@/i18n/clientMessages'
import { isRobotsMode } from '@/lib/seo/robots'

import './globals.css'

// Every page is rendered on its first visit and then served from the cache (see PUBLIC_REVALIDATE_SECONDS).
export function generateStaticParams(): { variant: string; locale: string }[] {
  return []
}

type Props = { children: React.ReactNode; params: Promise<{ variant: string; locale: string }> }

export default async function LocaleLayout({ children, params }: Props) {
  const { variant: robots, locale } = await params
  if (!isLocale(locale) || !isRobotsMode(robots)) notFound()
  setRequestLocale(locale)
  const messages = await getMessages()
  return (
    <html lang={locale}>
      <body>
        {/* Inside Telegram's Mini App: Telegram's colours from the first frame (src/lib/browser/miniApp.ts). */}
        <script dangerouslySetInnerHTML={{ __html: EARLY_THEME_SCRIPT }} />
        <LocaleMemory locale={locale} />
        {/* Buttons that only work with JavaScript (copy, go back) are not offered without it. */}
        <noscript>
          <style>{'.needs-js{display:none}'}</style>
        </noscript>
        <TopLoader />
        <MiniAppFrame />
        <NextIntlClientProvider messages={pickClientMessages(messages)}>
          <ChunkReload />
          <Header locale={locale} />
          <main className="page" id="content" tabIndex={-1}>
            {children}
          </main>
          <Footer locale={locale} />
        </NextIntlClientProvider>
        {/* The islands' words (the page's own set, if any, comes with the page) and, on React pages, the islands. */}
        <IslandTexts locale={locale} set="shared" />
        <IslandBehaviours />
      </body>
    </html>
  )
}
