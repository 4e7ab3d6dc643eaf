'use client'
// The key detail modal over a key table: opened from a row, it loads the key, shows it in a dialog
// and puts the key's own URL in the address bar so the view can be shared; Back closes it, Forward opens it again.
import { useLocale, useTranslations } from 'next-intl'
import type React from 'react'
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useRef, useState } from 'react'

import type { KeyDetailsView } from '@/lib/data/keyDetailsView'

const KeyDetailsView = lazy(() => import('./KeyDetailsView').then((module) => ({ default: module.KeyDetailsView })))

type OpenRequest = { id: number; href: string; anchor?: string }
type ModalApi = { open: (request: OpenRequest) => void }
type View = { status: 'loading' | 'failed'; request: OpenRequest } | { status: 'ready'; request: OpenRequest; data: KeyDetailsView }

const ModalContext = createContext<ModalApi | null>(null)

export function useKeyModal(): ModalApi | null {
  return useContext(ModalContext)
}

/** "Install" opens the modal at the apps: scrolled to once the (lazily loaded) details are on screen. */
function ScrollToSection({ id }: { id?: string }) {
  useEffect(() => {
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' })
  }, [id])
  return null
}

export function KeyModalProvider({ children }: { children: React.ReactNode }) {
  const t = useTranslations('KeyDetails')
  const locale = useLocale()
  const dialog = useRef<HTMLDialogElement>(null)
  const [view, setView] = useState<View | null>(null)
  const pushedUrl = useRef(false)

  const load = useCallback(
    async (request: OpenRequest) => {
      setView({ status: 'loading', request })
      try {
        const response = await fetch(`/api/key-details/${request.id}?locale=${locale}`)
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        const data = (await response.json()) as KeyDetailsView
        setView({ status: 'ready', request, data })
      } catch (error) {
        console.error(error instanceof Error ? error.message : String(error))
        setView({ status: 'failed', request })
      }
    },
    [locale],
  )

  const open = useCallback(
    (request: OpenRequest) => {
      if (window.location.pathname !== request.href) {
        window.history.pushState({ keyModal: request.id }, '', request.anchor ? `${request.href}#${request.anchor}` : request.href)
        pushedUrl.current = true
      }
      void load(request)
    },
    [load],
  )

  const close = useCallback(() => {
    if (pushedUrl.current) {
      pushedUrl.current = false
      window.history.back()
    }
    setView(null)
  }, [])

  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      const id = (event.state as { keyModal?: unknown } | null)?.keyModal
      if (typeof id === 'number') {
        // Forward (or Back) to an entry the modal made: the key again, and Back or closing leaves it.
        pushedUrl.current = true
        void load({ id, href: window.location.pathname, anchor: window.location.hash.slice(1) || undefined })
        return
      }
      pushedUrl.current = false
      setView(null)
    }
    window.addEventListener('popstate', onPopState)
    return () => window.removeEventListener('popstate', onPopState)
  }, [load])

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (view && !element.open) element.showModal()
    if (!view && element.open) element.close()
  }, [view])

  return (
    <ModalContext.Provider value={{ open }}>
      {children}
      <dialog
        ref={dialog}
        className="modal"
        aria-labelledby="key-modal-title"
        data-key-modal=""
        onCancel={(event) => {
          event.preventDefault()
          close()
        }}
        onClick={(event) => {
          if (event.target === dialog.current) close()
        }}
      >
        <div className="modal__body">
          <button type="button" className="modal__close" onClick={close} aria-label={t('close')}>
            ×
          </button>
          {view?.status === 'ready' ? (
            <Suspense fallback={<p id="key-modal-title">{t('loading')}</p>}>
              <KeyDetailsView details={view.data.details} apps={view.data.apps} subscription={view.data.subscription} renderedAt={view.data.renderedAt} headingId="key-modal-title" />
              <ScrollToSection id={view.request.anchor} />
            </Suspense>
          ) : view?.status === 'failed' ? (
            <p id="key-modal-title" role="alert">
              {t('loadFailed')}
            </p>
          ) : (
            <p id="key-modal-title">{t('loading')}</p>
          )}
        </div>
      </dialog>
    </ModalContext.Provider>
  )
}
