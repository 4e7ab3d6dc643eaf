// /profile/servers
import { ProfileSection } from '../_components/ProfileSection'

export const dynamic = 'force-dynamic'

export default function ProfileServersPage({ params }: { params: Promise<{ locale: string }> }) {
  return <ProfileSection params={params} title="servers" empty="serversEmpty" showTariffs />
}
