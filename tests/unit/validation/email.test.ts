import { describe, expect, it } from 'vitest'

import { checkEmail, emailSchema } from '@/lib/validation/email'

describe('checkEmail', () => {
  it('trims and lower-cases the domain, keeping the local part as typed', () => {
    expect(checkEmail('  Ivan.Petrov@Mail.RU ')).toEqual({ ok: true, email: 'Ivan.Petrov@mail.ru' })
    expect(checkEmail('a+tag@sub.example.com')).toEqual({ ok: true, email: 'a+tag@sub.example.com' })
  })

  it('accepts international domains in their ASCII form', () => {
    expect(checkEmail('user@пример.рф')).toEqual({ ok: true, email: 'user@xn--e1afmkfd.xn--p1ai' })
  })

  it('says "Invalid email" for malformed addresses', () => {
    for (const value of ['', 'plain', '@example.com', 'user@', 'user@localhost', 'user@-bad.com', 'a..b@example.com', 'user@example.c', 'user@exa mple.com', 42]) {
      expect(checkEmail(value), String(value)).toEqual({ ok: false, error: 'invalidEmail' })
    }
  })

  it('says "Invalid value for email" for header injection, quoted local parts and over-long input', () => {
    for (const value of ['user@example.com\r\nBcc: x@evil.test', 'user@example.com\n', '"a@b"@example.com', `${'a'.repeat(250)}@example.com`]) {
      expect(checkEmail(value), JSON.stringify(value)).toEqual({ ok: false, error: 'invalidValueForEmail' })
    }
  })
})

describe('emailSchema', () => {
  it('gives the normalized address or the message key', () => {
    expect(emailSchema.parse(' X@Example.COM')).toBe('X@example.com')
    const failed = emailSchema.safeParse('nope')
    expect(failed.success).toBe(false)
    expect(failed.error?.issues[0]?.message).toBe('invalidEmail')
  })
})
