// The one layout of every e-mail the site sends: the subject as its title, the mail's paragraphs, at most one action
// (a button, its address printed under it where a client may drop buttons), smaller paragraphs after it, and the
// site's name as the signature. React Email's components write the markup mail clients read (tables, inline styles).
import { Body, Button, Container, Heading, Hr, Html, Text } from '@react-email/components'

import type { Locale } from '@/i18n/locales'

export type MailBody = {
  /** Paragraphs under the title. */
  lines: readonly string[]
  /** The mail's one action. `showLink`: its address printed under the button, to copy where a client drops it. */
  action?: { label: string; href: string; showLink?: boolean }
  /** Smaller paragraphs after the action: what to do otherwise, addresses to copy. */
  after?: readonly string[]
  /** Someone's own words, below a rule, with their line breaks (a message to support). */
  quote?: string
}

const INK = '#14161a'
const MUTED = '#4f5663'
const ACCENT = '#1f48c9'

export function MailLayout({ locale, siteName, subject, body }: { locale: Locale; siteName: string; subject: string; body: MailBody }) {
  return (
    <Html lang={locale}>
      <Body style={{ fontFamily: 'Arial, sans-serif', color: INK, margin: 0 }}>
        <Container style={{ maxWidth: '560px', padding: '24px' }}>
          <Heading as="h1" style={{ fontSize: '20px' }}>
            {subject}
          </Heading>
          {body.lines.map((line, index) => (
            <Text key={index}>{line}</Text>
          ))}
          {body.action ? (
            <>
              <Button href={body.action.href} style={{ background: ACCENT, color: '#fff', padding: '12px 20px', borderRadius: '8px', textDecoration: 'none' }}>
                {body.action.label}
              </Button>
              {body.action.showLink ? <Text style={{ color: MUTED, fontSize: '13px', wordBreak: 'break-all' }}>{body.action.href}</Text> : null}
            </>
          ) : null}
          {(body.after ?? []).map((line, index) => (
            <Text key={index} style={{ color: MUTED, wordBreak: 'break-all' }}>
              {line}
            </Text>
          ))}
          {body.quote === undefined ? null : (
            <>
              <Hr />
              <Text style={{ whiteSpace: 'pre-wrap' }}>{body.quote}</Text>
            </>
          )}
          <Text>{`— ${siteName}`}</Text>
        </Container>
      </Body>
    </Html>
  )
}
