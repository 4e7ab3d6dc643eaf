// Development only: the e-mails this process would have sent, so login links can be followed without SMTP.
import { env } from '@/lib/env'
import { devOutbox } from '@/lib/mail/transport'

export const dynamic = 'force-dynamic'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

export function GET() {
  if (env().isStrictProduction || env().SMTP_URL) return new Response('Not found', { status: 404 })
  const items = devOutbox()
    .map(
      (mail) =>
        `<article><h2>${escapeHtml(mail.subject)}</h2><p>${escapeHtml(mail.at)} → ${escapeHtml(mail.to.join(', '))}</p>` +
        `<pre>${escapeHtml(mail.text).replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')}</pre></article>`,
    )
    .join('')
  const html = `<!doctype html><meta charset="utf-8"><meta name="robots" content="noindex"><title>Dev outbox</title>
<body style="font-family:system-ui;max-width:775px;margin:24px auto;padding:0 16px"><h1>Dev outbox (not in production)</h1>
${items || '<p>No messages yet.</p>'}</body>`
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } })
}
