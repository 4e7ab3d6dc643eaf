// Picks the visitor's platform tab of an app guide in the browser (cached pages cannot know it).
import { platformOf } from './apps'

export function preselectPlatform(group: string): void {
  // iPadOS asks for desktop pages as a Mac: a Mac with a touch screen is an iPad.
  const isIpad = /Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1
  const platform = isIpad ? 'ios' : platformOf(navigator.userAgent)
  if (!platform) return
  const radio = document.querySelector<HTMLInputElement>(`input[name="${CSS.escape(group)}"][value="${platform}"]`)
  if (radio && !document.querySelector(`input[name="${CSS.escape(group)}"]:focus`)) radio.checked = true
}
