// Any path no route claims: the localized 404 screen.
import { notFound } from 'next/navigation'

export default function UnknownPage(): never {
  notFound()
}
