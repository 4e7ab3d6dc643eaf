// /profile/preferences
import { ProfileSection } from '../_components/ProfileSection'

export const dynamic = 'force-dynamic'

export default function ProfilePreferencesPage({ params }: { params: Promise<{ locale: string }> }) {
  return <ProfileSection params={params} title="preferences" empty="preferencesSoon" />
}
