// The key window over a key table: empty until "Read more" or "Install" fills it with the key's own page
// (src/islands/keyModal.ts); without JavaScript those links open the page itself.
import { useTranslations } from 'next-intl'

export function KeyModalDialog() {
  const t = useTranslations('KeyDetails')
  return (
    <dialog className="modal" aria-labelledby="key-modal-title" data-key-modal="">
      <div className="modal__body">
        <button type="button" className="modal__close" aria-label={t('close')}>
          ×
        </button>
        <div data-key-modal-content="" />
      </div>
    </dialog>
  )
}
