'use client'
// The device list on a subscription's admin page: remove one, or reset them all; the page re-reads after each.
import { Button } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

import { useHydrated } from '@/components/useHydrated'

type Device = { id: number; label: string; seen: string }
type Texts = { none: string; remove: string; reset: string; confirmReset: string; failed: string }

export function DeviceReset({ userId, devices, texts }: { userId: number; devices: Device[]; texts: Texts }) {
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const hydrated = useHydrated()
  const [failed, setFailed] = useState(false)

  async function remove(path: string) {
    setBusy(true)
    setFailed(false)
    try {
      const response = await fetch(path, { method: 'DELETE', credentials: 'include' })
      if (response.ok) router.refresh()
      else setFailed(true)
    } finally {
      setBusy(false)
    }
  }

  if (devices.length === 0) return <p>{texts.none}</p>
  return (
    <div>
      <ul className="subscription-devices__list">
        {devices.map((device) => (
          <li key={device.id} data-testid="admin-device">
            <div>{device.label}</div>
            <div className="field-description">{device.seen}</div>
            <Button buttonStyle="secondary" size="small" disabled={!hydrated || busy} onClick={() => void remove(`/api/devices/${device.id}`)}>
              {texts.remove}
            </Button>
          </li>
        ))}
      </ul>
      <Button
        buttonStyle="secondary"
        disabled={!hydrated || busy}
        onClick={() => {
          if (window.confirm(texts.confirmReset)) void remove(`/api/devices?where[user][equals]=${userId}`)
        }}
      >
        {texts.reset}
      </Button>
      {failed ? (
        <p role="alert" className="field-error">
          {texts.failed}
        </p>
      ) : null}
    </div>
  )
}
