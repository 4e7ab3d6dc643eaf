// On a gift's page in the admin: "Return the money and void the code", while it is paid and not redeemed (the
// endpoint is collections/Gifts/refund.ts). Admins refund; an editor is told to ask one.
import type { FieldServerComponent } from 'payload'

import { isAdminUser, isStaff } from '../../../collections/access/roles'
import { adminTranslator } from '@/lib/admin/adminMessages'
import { formatMoney, formatRubles } from '@/lib/billing/rules/pricing'

import { GiftRefundButton } from './GiftRefundButton'

export const GiftRefund: FieldServerComponent = async ({ id, payload, i18n, req }) => {
  if (typeof id !== 'number' || !isStaff(req.user)) return null
  const language = i18n.language === 'en' ? 'en' : 'ru'
  const t = adminTranslator(language)
  const gift = await payload.findByID({ collection: 'gifts', id, depth: 0, disableErrors: true })
  if (!gift) return null
  const amount = typeof gift.amountStars === 'number' ? formatMoney(gift.amountStars, 'XTR', language) : formatRubles(gift.amountKopecks, language)
  const note =
    gift.status !== 'paid'
      ? t(gift.status === 'redeemed' ? 'gift.redeemed' : gift.status === 'void' ? 'gift.void' : 'gift.notPaid')
      : !isAdminUser(req.user)
        ? t('refund.adminsOnly')
        : null
  return (
    <div className="field-type gift-refund" data-testid="gift-refund">
      <h4>{t('gift.title')}</h4>
      <GiftRefundButton giftId={id} note={note} texts={{ submit: t('gift.submit', { amount }), confirm: t('gift.confirm', { amount }) }} />
    </div>
  )
}
