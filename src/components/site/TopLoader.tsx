'use client'
// The bar shown during client navigation (nextjs-toploader). It is only needed once a visitor clicks a link,
// so it loads after the page is interactive instead of adding about 4 KB to every page's first load.
import dynamic from 'next/dynamic'

const NextTopLoader = dynamic(() => import('nextjs-toploader'), { ssr: false })

export function TopLoader() {
  return <NextTopLoader color="#2450d8" height={3} showSpinner={false} />
}
