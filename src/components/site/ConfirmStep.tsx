// The second step of something that cannot be undone by itself (revoking a key, replacing the subscription link):
// the question, what will happen, and the form that does it. The first step is a link to the same page with the
// question open, so it works without JavaScript; with it, the link is a quick client navigation.
import type React from 'react'

import { Link } from '@/i18n/Link'

type Props = {
  question: string
  consequence: string
  /** The form's POST address and its button. */
  action: string
  confirmLabel: string
  locale: string
  cancelHref: string
  cancelLabel: string
  testId: string
  children?: React.ReactNode
}

export function ConfirmStep({ question, consequence, action, confirmLabel, locale, cancelHref, cancelLabel, testId, children }: Props) {
  return (
    <div role="alertdialog" id="confirm" aria-labelledby="confirm-question" aria-describedby="confirm-consequence" className="confirm" data-testid={testId}>
      <p id="confirm-question">
        <strong>{question}</strong>
      </p>
      <p id="confirm-consequence">{consequence}</p>
      <form method="post" action={action} className="confirm__actions">
        <input type="hidden" name="locale" value={locale} />
        {children}
        {/* What cannot be undone by itself looks like it: the destructive action's colour. */}
        <button type="submit" className="button button--danger">
          {confirmLabel}
        </button>
        <Link href={cancelHref} prefetch={false} className="button" scroll={false}>
          {cancelLabel}
        </Link>
      </form>
    </div>
  )
}
