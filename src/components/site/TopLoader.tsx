'use client'
// The bar shown during client navigation (nextjs-toploader). It is only needed once a visitor clicks a link,
// so it loads after the page is interactive instead of adding about 4 KB to every page's first load.
// React.lazy rather than next/dynamic: the page then ships no loader code of Next's own.
import { lazy, Suspense, useSyncExternalStore } from 'react'

const NextTopLoader = lazy(() => import('nextjs-toploader'))

const noop = () => () => undefined

export function TopLoader() {
  // False while rendering on the server and hydrating: the bar's script is requested only afterwards.
  const isMounted = useSyncExternalStore(noop, () => true, () => false)
  if (!isMounted) return null
  return (
    <Suspense fallback={null}>
      <NextTopLoader color="#2450d8" height={3} showSpinner={false} />
    </Suspense>
  )
}
