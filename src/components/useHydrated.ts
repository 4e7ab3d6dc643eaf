'use client'
// False in the server's HTML, true once React has attached the handlers. A button rendered on the server does nothing
// until then: the admin's action buttons stay disabled until it is true, so an early click waits rather than vanishes;
// the login page's password form too, which only its script may send.
import { useSyncExternalStore } from 'react'

const noSubscription = () => () => undefined

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
