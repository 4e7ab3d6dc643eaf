// What the subscription responder is given for a VIP subscription in the unit tests (the answers' headers come from it).
import type { SubscriptionMeta } from '@/lib/feeds/respond'

export const VIP_META: SubscriptionMeta = {
  title: 'VPN Keys VIP',
  filename: 'vpn-keys-vip',
  expiresAt: new Date('2026-12-03T12:34:56Z'),
  updateIntervalHours: 24,
  supportUrl: 'https://free.vpnkeys.example/support',
  pageUrl: 'https://free.vpnkeys.example/profile/servers',
  announce: null,
  groups: { select: 'Выбор сервера', auto: 'Самый быстрый' },
  routing: null,
}
