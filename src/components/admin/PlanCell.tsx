// A subscription's plan by name in every admin table. Payload's own relationship cell reads "Без метки" ("no label")
// in the subscriptions list on a customer's page (a join table), where it finds the plan it should look up.
import type { DefaultServerCellComponentProps } from 'payload'

type TariffRef = number | { id: number; name?: string | null } | null | undefined

export async function PlanCell({ cellData, rowData, payload, i18n }: DefaultServerCellComponentProps) {
  let tariff = cellData as TariffRef
  if (tariff === undefined && typeof rowData.id === 'number') {
    tariff = (await payload.findByID({ collection: 'subscriptions', id: rowData.id, depth: 0, select: { tariff: true }, disableErrors: true }))?.tariff
  }
  if (typeof tariff === 'object' && tariff?.name) return <span>{tariff.name}</span>
  const id = typeof tariff === 'object' ? tariff?.id : tariff
  if (typeof id !== 'number') return <span>—</span>
  const found = await payload.findByID({ collection: 'tariffs', id, depth: 0, locale: i18n.language === 'en' ? 'en' : 'ru', select: { name: true }, disableErrors: true })
  return <span>{found?.name ?? '—'}</span>
}
