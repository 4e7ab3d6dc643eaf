'use client'
// Last resort when even the site layout fails: both languages, no dependencies.
import Link from 'next/link'
import { useEffect } from 'react'

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    console.error(error.message)
  }, [error])
  return (
    <html lang="ru">
      <body style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 775, margin: '15vh auto', padding: 16 }}>
        <h1>Произошла ошибка сервера</h1>
        <p lang="en">A server error has occurred</p>
        <p>
          <Link href="/">На главную / To the main page</Link>
        </p>
      </body>
    </html>
  )
}
