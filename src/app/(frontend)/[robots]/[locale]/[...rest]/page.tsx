// A path below a real page that no route claims (`/support/more`): rendered per request, so notFound(), whose
// 404 body Next.js fills in in the browser. Unknown first segments never get here: see PAGE_SEGMENTS.
import { notFound } from 'next/navigation'

export default function UnknownPage(): never {
  notFound()
}
