'use client'
// "Try again" after a payment that did not go through: back to the purchase form with the plan, e-mail and promo
// code the buyer chose, which the payment page sent back in this page's address. A plain link (the page is cached); the
// address is read when it is followed.
import type React from 'react'

const CARRIED = ['plan', 'email', 'promo'] as const

function carryChoice(event: React.MouseEvent<HTMLAnchorElement>): void {
  const from = new URLSearchParams(window.location.search)
  const url = new URL(event.currentTarget.href)
  for (const name of CARRIED) {
    const value = from.get(name)
    if (value) url.searchParams.set(name, value)
  }
  event.currentTarget.href = url.toString()
}

export function RetryLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} onClick={carryChoice} className="button button--primary" data-testid="payment-retry">
      {children}
    </a>
  )
}
