// The site inside Telegram as a Mini App (https://core.telegram.org/bots/webapps): the launch data Telegram gives the
// page, Telegram's theme colours on the site's own (CSS variables), and Telegram's back button, on every page the app
// then opens. The same pages as on the site; this only dresses them. Plain browser code: the React pages
// (src/components/site/MiniAppFrame.tsx) and the islands (src/islands) both use it.

/** Telegram's Mini App script: window.Telegram.WebApp (launch data, theme, back button). */
export const TELEGRAM_WEB_APP_SCRIPT = 'https://telegram.org/js/telegram-web-app.js'

const STORAGE_KEY = 'vpnkeys:mini-app'

/** Telegram's theme parameters, each painting one of the site's colours. */
const THEME_COLOURS = {
  bg_color: '--bg',
  text_color: '--fg',
  hint_color: '--muted',
  button_color: '--accent',
  button_text_color: '--accent-fg',
  secondary_bg_color: '--bg-soft',
  section_separator_color: '--line',
} as const

export type Theme = Partial<Record<keyof typeof THEME_COLOURS, string>>
type MiniAppState = { home: string; theme: Theme }

type WebApp = {
  initData: string
  /** Telegram's payment form for an invoice link; `status` when it closes: paid, cancelled, failed or pending. */
  openInvoice?: (url: string, callback?: (status: 'paid' | 'cancelled' | 'failed' | 'pending') => void) => void
  themeParams: Record<string, string | undefined>
  ready: () => void
  expand: () => void
  BackButton: { show: () => void; hide: () => void; onClick: (callback: () => void) => void; offClick: (callback: () => void) => void }
}

/** Only colours Telegram sends (#rgb or #rrggbb): nothing else reaches the page's styles. */
export function themeOf(params: Record<string, unknown> | null | undefined): Theme {
  const theme: Theme = {}
  for (const name of Object.keys(THEME_COLOURS) as (keyof typeof THEME_COLOURS)[]) {
    const value = params?.[name]
    if (typeof value === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)) theme[name] = value
  }
  return theme
}

/** The launch data and theme Telegram put in the page's address (`#tgWebAppData=…&tgWebAppThemeParams=…`). */
export function launchFromHash(hash: string): { initData: string | null; theme: Theme } {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  let theme: Theme = {}
  try {
    theme = themeOf(JSON.parse(params.get('tgWebAppThemeParams') ?? 'null') as Record<string, unknown> | null)
  } catch {
    theme = {}
  }
  return { initData: params.get('tgWebAppData'), theme }
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  for (const [name, colour] of Object.entries(theme)) root.style.setProperty(THEME_COLOURS[name as keyof typeof THEME_COLOURS], colour)
}

function readState(): MiniAppState | null {
  try {
    const state = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as MiniAppState | null
    return state && typeof state.home === 'string' ? { home: state.home, theme: themeOf(state.theme) } : null
  } catch {
    return null
  }
}

/** Whether this page is inside the Mini App (opened from its entry page this session). */
export function inMiniApp(): boolean {
  return readState() !== null
}

/** The Mini App opened (the entry page): its theme and first page are kept for the pages it opens next, this session. */
export function rememberMiniApp(home: string, theme: Theme): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ home, theme }))
  } catch {
    // Storage refused (a private mode): this page keeps the theme, the next ones do without.
  }
  applyTheme(theme)
}

/**
 * The same theme set before the page is first painted (an inline script at the top of <body>, src/app's root layout):
 * a page the Mini App opens shows Telegram's colours from its first frame, not after the page's scripts ran.
 */
export const EARLY_THEME_SCRIPT = `try{var s=JSON.parse(sessionStorage.getItem(${JSON.stringify(STORAGE_KEY)})||'null'),m=${JSON.stringify(THEME_COLOURS)};if(s&&s.theme)for(var k in m){var v=s.theme[k];if(typeof v==='string'&&/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(v))document.documentElement.style.setProperty(m[k],v)}}catch(e){}`

let webApp: Promise<WebApp | null> | undefined

/** Telegram's script, loaded once (null where it cannot be: outside Telegram's reach, within three seconds). */
export function telegramWebApp(): Promise<WebApp | null> {
  webApp ??= new Promise((resolve) => {
    const existing = (window as { Telegram?: { WebApp?: WebApp } }).Telegram?.WebApp
    if (existing) return resolve(existing)
    const script = document.createElement('script')
    script.src = TELEGRAM_WEB_APP_SCRIPT
    const timer = window.setTimeout(() => resolve(null), 3000)
    script.onload = () => {
      window.clearTimeout(timer)
      resolve((window as { Telegram?: { WebApp?: WebApp } }).Telegram?.WebApp ?? null)
    }
    script.onerror = () => {
      window.clearTimeout(timer)
      resolve(null)
    }
    document.head.append(script)
  })
  return webApp
}

let goBack: (() => void) | null = null

/**
 * On each page the Mini App shows: Telegram's theme, and Telegram's back button everywhere but the app's first page
 * (there Telegram's own close button is the way out). Nothing outside a Mini App.
 */
export async function dressMiniAppPage(pathname: string): Promise<void> {
  const state = readState()
  if (!state) return
  applyTheme(state.theme)
  const app = await telegramWebApp()
  if (!app) return
  app.ready()
  if (goBack) app.BackButton.offClick(goBack)
  if (pathname === state.home) {
    app.BackButton.hide()
    return
  }
  goBack = () => (window.history.length > 1 ? window.history.back() : window.location.assign(state.home))
  app.BackButton.onClick(goBack)
  app.BackButton.show()
}
