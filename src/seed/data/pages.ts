// The document pages (privacy policy, user agreement, support) seeded in Russian and English.
import type { RichBlock } from '../lexical'
import { privacyPage } from './pages/privacy'
import { supportPage } from './pages/support'
import { userAgreementPage } from './pages/userAgreement'

export type PageSlug = 'privacy' | 'user-agreement' | 'support'

export type SeedPage = {
  slug: PageSlug
  title: { ru: string; en: string }
  body: { ru: RichBlock[]; en: RichBlock[] }
}


export const PAGES: readonly SeedPage[] = [privacyPage, userAgreementPage, supportPage]
