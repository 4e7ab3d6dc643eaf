// 404 for the public site, in the page's language.
import { NotFoundScreen } from '@/components/errors/NotFoundScreen'

export default function NotFound() {
  return <NotFoundScreen />
}
