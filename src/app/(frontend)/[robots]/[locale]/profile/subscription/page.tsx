// /profile/subscription
import { ProfileSection } from '../_components/ProfileSection'

export const dynamic = 'force-dynamic'

export default function ProfileSubscriptionPage({ params }: { params: Promise<{ locale: string }> }) {
  return <ProfileSection params={params} title="subscription" empty="subscriptionEmpty" showTariffs />
}
