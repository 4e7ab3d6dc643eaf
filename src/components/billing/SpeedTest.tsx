// The speed test: a button and where its result goes; the measuring is done in the browser (src/islands/tariffs.ts,
// src/islands/speedTest.ts).
import { useTranslations } from 'next-intl'

export function SpeedTest() {
  const t = useTranslations('Tariffs')
  return (
    <div className="speedtest" data-speedtest="">
      <button type="button" className="button">
        {t('speedStart')}
      </button>
      <p role="status" data-testid="speed-result" />
    </div>
  )
}
