// The form for a new device key on My servers: the device's name and a country with a protocol; what went wrong
// last time above the button.
import { getTranslations } from 'next-intl/server'

import type { Locale } from '@/i18n/locales'
import { PROTOCOL_LABELS } from '@/lib/keys/labels'
import { DEVICE_LABEL_MAX, targetValue } from '@/lib/vip/deviceKeys'
import type { VipChoice } from '@/lib/vip/deviceKeys'
import type { ServersView } from '@/lib/vip/serversView'

type Props = { locale: Locale; choices: readonly VipChoice[]; view: Pick<ServersView<unknown>, 'formError' | 'typedDevice' | 'chosenTarget' | 'focusDevice'> }

export async function DeviceKeyForm({ locale, choices, view }: Props) {
  const t = await getTranslations({ locale, namespace: 'Servers' })
  return (
    <form method="post" action="/api/vip/keys" className="device-form" data-testid="device-form">
      <input type="hidden" name="locale" value={locale} />
      <label className="field">
        <span>{t('device')}</span>
        <input name="device" required maxLength={DEVICE_LABEL_MAX} placeholder={t('devicePlaceholder')} defaultValue={view.typedDevice} autoFocus={view.focusDevice} />
      </label>
      <label className="field">
        <span>{t('target')}</span>
        <select name="target" required defaultValue={view.chosenTarget}>
          {choices.map((choice) => (
            <option key={targetValue(choice)} value={targetValue(choice)}>
              {choice.countryName} · {PROTOCOL_LABELS[choice.protocol]}
            </option>
          ))}
        </select>
      </label>
      <p role="alert" className="auth__error" data-testid="device-error">
        {view.formError ? t(view.formError.kind, { max: view.formError.max }) : null}
      </p>
      <button type="submit" className="button button--primary">
        {t('create')}
      </button>
    </form>
  )
}
