// The error screens' frame: a title, a line of text and the ways out, at most 775 px wide.
import type React from 'react'

export function ErrorScreen({ code, title, text, children }: { code: number; title: string; text?: string; children: React.ReactNode }) {
  return (
    <section className="error-screen" data-error-code={code}>
      {/* React puts it in the document head: these screens have no page metadata of their own. */}
      <title>{title}</title>
      <p className="error-screen__code" aria-hidden="true">
        {code}
      </p>
      <h1>{title}</h1>
      {text ? <p>{text}</p> : null}
      <div className="error-screen__actions">{children}</div>
    </section>
  )
}
