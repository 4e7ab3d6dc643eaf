// A safety net: the proxy sends every path no page has to the cached 404 page (see PAGE_ROUTES), so only an
// internal path that no route claims gets here. Rendered per request, hence notFound() (Next.js fills its
// 404 body in in the browser, vercel/next.js#62228).
import { notFound } from 'next/navigation'

export default function UnknownPage(): never {
  notFound()
}
